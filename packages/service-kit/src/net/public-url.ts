import { isIP } from 'node:net';
import { z } from 'zod';
import { unprocessable } from '../errors';
import { nonPublicReason } from './ip-address';

/** Host name to addresses; the real one asks the system resolver (`resolveHost`). */
export type Resolver = (host: string) => Promise<string[]>;

export interface UrlPolicy {
  /** Hosts exempt from both rules; tests and local development only. */
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
}

export interface PublicUrlTarget {
  url: URL;
  /** Host name without IPv6 brackets or a trailing dot, lower case. */
  host: string;
  allowListed: boolean;
}

/**
 * An allow-list setting: comma-separated host names, trimmed and lower-cased (for example
 * `127.0.0.1,localhost`). Empty, the default, in production.
 */
export const hostAllowlist = () =>
  z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    );

/** The scheme rule: https only, unless the host is allow-listed (then http too). */
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
  const allowListed = allowlist.includes(host);
  const schemes = allowListed ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    throw unprocessable(`${rules.subject} must use https`, `${rules.code}_not_https`);
  return { url, host, allowListed };
}

/** Refuses the target if any address the host has is not public: a client may pick any of them. */
export function assertPublicAddresses(host: string, addresses: readonly string[], rules: UrlRules): void {
  for (const address of addresses) {
    const reason = nonPublicReason(address);
    if (reason)
      throw unprocessable(
        `${rules.subject} host ${host} resolves to a non-public address (${address}, ${reason})`,
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
  assertPublicAddresses(target.host, addresses, rules);
  return target;
}
