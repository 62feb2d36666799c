import { isIP } from 'node:net';
import { z } from 'zod';
import { unprocessable } from '../errors';
import { nonPublicReason } from './ip-address';

/** Host name to addresses; the real one asks the system resolver (`resolveHost`). */
export type Resolver = (host: string) => Promise<string[]>;

export interface UrlPolicy {
  /** Hosts (or host:port) exempt from both rules; tests and local development only (hostAllowlist). */
  allowlist: readonly string[];
  resolve: Resolver;
}

/**
 * How a service names the URL in its refusals: `subject` starts the messages ("Webhook URL"),
 * `code` prefixes the error codes (`webhook_url` gives `webhook_url_not_https`,
 * `webhook_url_private_address`, `webhook_url_unresolvable`).
 */
export interface UrlRules {
  subject: string;
  code: string;
  /**
   * The service's allow-list setting (`WEBHOOK_URL_ALLOWLIST`), if it has one: a refusal of a
   * loopback or private host then names it, with the entry that would allow this receiver.
   */
  allowlistSetting?: string;
}

export interface PublicUrlTarget {
  url: URL;
  /** Host name without IPv6 brackets or a trailing dot, lower case. */
  host: string;
  allowListed: boolean;
}

/** `host`, `host:port`, `[v6]:port` or a bare IPv6 address (more than one colon, no brackets). */
const ALLOWLIST_ENTRY = /^(\[[0-9a-f:.]+\]|[^:[\]\s]+)(:\d{1,5})?$|^[0-9a-f:.]*:[0-9a-f:.]*:[0-9a-f:.]*$/;

/**
 * An allow-list setting: comma-separated entries, trimmed and lower-cased. An entry that
 * names a port (`127.0.0.1:4590`, `[::1]:4590`, `localhost:4590`) allows that host on that
 * port only; a bare host (`127.0.0.1`) allows it on every port, which on a developer's
 * machine includes the services' internal APIs and Redis: name the port. Empty, the default,
 * in production and for `npm start`.
 */
export const hostAllowlist = () =>
  z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\[(.*)\]$/, '$1'),
        ) // `[::1]` is the host ::1
        .filter(Boolean),
    )
    .refine((entries) => entries.every((e) => ALLOWLIST_ENTRY.test(e) && portOf(e) <= 65_535), {
      message: 'entries are host or host:port (IPv6 in brackets with a port), comma-separated',
    });

const portOf = (entry: string) => Number(/\]?:(\d{1,5})$/.exec(entry)?.[1] ?? 0);

/** `host:port` as an allow-list entry names it: IPv6 in brackets, the scheme's port when the URL has none. */
const hostPortOf = (url: URL, host: string) =>
  `${host.includes(':') ? `[${host}]` : host}:${url.port || (url.protocol === 'http:' ? '80' : '443')}`;

/** Whether `url` (its host as parsePublicUrl writes it) is allow-listed: the bare host, or host:port. */
function allowListed(allowlist: readonly string[], url: URL, host: string): boolean {
  return allowlist.includes(hostPortOf(url, host)) || allowlist.includes(host);
}

/** Why a host is not public without asking DNS (a non-public literal address, a localhost name), or undefined. */
function localReason(host: string): string | undefined {
  if (isIP(host)) return nonPublicReason(host);
  return host === 'localhost' || host.endsWith('.localhost') ? 'loopback' : undefined;
}

/**
 * How an operator would allow a refused loopback or private receiver, when the service names its
 * setting: the setting and this receiver's entry only, nothing of what is configured.
 */
function allowlistHint(rules: UrlRules, url: URL, host: string): string {
  if (!rules.allowlistSetting) return '';
  const entry = `${rules.allowlistSetting}=${hostPortOf(url, host)}`;
  return `; an operator can allow this receiver for tests or local development with ${entry}`;
}

/** The scheme rule: https only, unless the host (on this port) is allow-listed (then http too). */
export function parsePublicUrl(raw: string, allowlist: readonly string[], rules: UrlRules): PublicUrlTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw unprocessable(`${rules.subject} must be an absolute https URL`, `${rules.code}_not_https`);
  }
  const host = url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  const listed = allowListed(allowlist, url, host);
  const schemes = listed ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    const local = rules.allowlistSetting && url.protocol === 'http:' ? localReason(host) : undefined;
    const why = local ? ` (http to ${local} host ${host} is refused)${allowlistHint(rules, url, host)}` : '';
    throw unprocessable(`${rules.subject} must use https${why}`, `${rules.code}_not_https`);
  }
  return { url, host, allowListed: listed };
}

/**
 * Refuses the target if any address the host has is not public: a client may pick any of them.
 * Given the URL, the refusal says how an operator would allow it (UrlRules.allowlistSetting).
 */
export function assertPublicAddresses(host: string, addresses: readonly string[], rules: UrlRules, url?: URL): void {
  for (const address of addresses) {
    const reason = nonPublicReason(address);
    if (!reason) continue;
    const hint = url ? allowlistHint(rules, url, host) : '';
    throw unprocessable(
      `${rules.subject} host ${host} resolves to a non-public address (${address}, ${reason})${hint}`,
      `${rules.code}_private_address`,
    );
  }
}

/**
 * The whole URL rule, as applied when a URL is accepted (and again before each request,
 * whose socket also resolves through `publicOnlyLookup`).
 */
export async function checkPublicUrl(raw: string, policy: UrlPolicy, rules: UrlRules): Promise<PublicUrlTarget> {
  const target = parsePublicUrl(raw, policy.allowlist, rules);
  if (target.allowListed) return target;
  const addresses = isIP(target.host) ? [target.host] : await policy.resolve(target.host).catch(() => []);
  if (addresses.length === 0)
    throw unprocessable(`${rules.subject} host ${target.host} does not resolve`, `${rules.code}_unresolvable`);
  assertPublicAddresses(target.host, addresses, rules, target.url);
  return target;
}
