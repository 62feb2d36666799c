import { settingsClient } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';
import { invoiceSettingsOf, type InvoiceSettings } from '../domain/invoice-settings';

/** The organization's invoicing settings, read from the gateway when a decision needs them. */
export interface SettingsReads {
  settings(orgId: string): Promise<InvoiceSettings>;
}

/**
 * Read at each decision that needs them (create, approve, reopen, mark-paid, reconcile, matching),
 * not cached: a partner who switches the workflow sees the next invoice follow it.
 */
export function settingsReads(config: Config): SettingsReads {
  const client = settingsClient(peerOptions('invoicing', config, config.GATEWAY_URL));
  return {
    settings: async (orgId) => invoiceSettingsOf(await callPeer('gateway', () => client.get(orgId), 'unavailable')),
  };
}
