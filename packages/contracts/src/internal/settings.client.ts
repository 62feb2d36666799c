import type { PeerOptions } from '../internal-call';
import type { OrgSettings } from '../settings';
import { callRoute } from './call-route';
import { INTERNAL_ROUTES } from './route-table';

/**
 * The typed client of the gateway's internal settings (invoicing reads the workflow, the
 * accounting push and the match tolerance; webhooks the audit trail's retention). Settings stored
 * before a field existed read as its default.
 */
export function settingsClient(options: Omit<PeerOptions, 'peer'>) {
  const peer = { ...options, peer: 'gateway' };
  return { get: (orgId: string): Promise<OrgSettings> => callRoute(peer, orgId, INTERNAL_ROUTES.gatewaySettings) };
}
export type SettingsClient = ReturnType<typeof settingsClient>;
