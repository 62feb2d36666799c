import { isIP } from 'node:net';
import { unprocessable } from '@stockyard/service-kit';
import { nonPublicReason } from './ip-address';

/** Host name to addresses; the real one asks the system resolver (net/dns-resolver.ts). */
export type Resolver = (host: string) => Promise<string[]>;

export interface UrlPolicy {
  /** Hosts exempt from both rules; tests and local development only. */
  allowlist: readonly string[];
  resolve: Resolver;
}

export interface EndpointTarget {
  url: URL;
  /** Host name without IPv6 brackets or a trailing dot, lower case. */
  host: string;
  allowListed: boolean;
}

/** The scheme rule: https only, unless the host is allow-listed (then http too). */
export function parseEndpointUrl(raw: string, allowlist: readonly string[]): EndpointTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw unprocessable('Webhook URL must be an absolute https URL', 'webhook_url_not_https');
  }
  const host = url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  const allowListed = allowlist.includes(host);
  const schemes = allowListed ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw unprocessable('Webhook URL must use https', 'webhook_url_not_https');
  return { url, host, allowListed };
}

/** Refuses the target if any address the host has is not public: a client may pick any of them. */
export function assertPublicAddresses(host: string, addresses: readonly string[]): void {
  for (const address of addresses) {
    const reason = nonPublicReason(address);
    if (reason)
      throw unprocessable(
        `Webhook URL host ${host} resolves to a non-public address (${address}, ${reason})`,
        'webhook_url_private_address',
      );
  }
}

/** The whole URL rule, as applied when an endpoint is created (and again before each send). */
export async function checkEndpointUrl(raw: string, policy: UrlPolicy): Promise<EndpointTarget> {
  const target = parseEndpointUrl(raw, policy.allowlist);
  if (target.allowListed) return target;
  const addresses = isIP(target.host) ? [target.host] : await policy.resolve(target.host).catch(() => []);
  if (addresses.length === 0)
    throw unprocessable(`Webhook URL host ${target.host} does not resolve`, 'webhook_url_unresolvable');
  assertPublicAddresses(target.host, addresses);
  return target;
}
