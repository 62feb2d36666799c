import { settingsClient } from '@stockyard/contracts';
import { peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** An organization's audit retention in days; throws when the gateway is away or refuses. */
export type RetentionDays = (orgId: string) => Promise<number>;

/**
 * Read from the gateway's internal settings at each sweep, signed as this service for the
 * organization: a partner who shortens or lengthens the retention sees the next sweep follow it.
 */
export function retentionDays(config: Config): RetentionDays {
  const client = settingsClient(peerOptions('webhooks', config, config.GATEWAY_URL));
  return async (orgId) => (await client.get(orgId)).auditRetentionDays;
}
