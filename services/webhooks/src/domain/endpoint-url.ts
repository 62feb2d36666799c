import {
  assertPublicAddresses as assertPublic,
  checkPublicUrl,
  parsePublicUrl,
  type PublicUrlTarget,
  type UrlPolicy,
  type UrlRules,
} from '@stockyard/service-kit/net';

// The rules themselves live in the service kit (net/public-url.ts), shared with the catalog's feeds.
export type { Resolver } from '@stockyard/service-kit/net';
type EndpointTarget = PublicUrlTarget;

/**
 * How webhook URLs are named in refusals (`webhook_url_not_https`, ...); a refused loopback or
 * private receiver is told the setting (src/config.ts) that lets an operator allow it.
 */
const WEBHOOK_URL_RULES: UrlRules = {
  subject: 'Webhook URL',
  code: 'webhook_url',
  allowlistSetting: 'WEBHOOK_URL_ALLOWLIST',
};

/** The scheme rule: https only, unless the host is allow-listed (then http too). */
export const parseEndpointUrl = (raw: string, allowlist: readonly string[]): EndpointTarget =>
  parsePublicUrl(raw, allowlist, WEBHOOK_URL_RULES);

/** Refuses the target if any address the host has is not public: a client may pick any of them. */
export const assertPublicAddresses = (host: string, addresses: readonly string[]): void =>
  assertPublic(host, addresses, WEBHOOK_URL_RULES);

/** The whole URL rule, as applied when an endpoint is created (and again before each send). */
export const checkEndpointUrl = (raw: string, policy: UrlPolicy): Promise<EndpointTarget> =>
  checkPublicUrl(raw, policy, WEBHOOK_URL_RULES);
