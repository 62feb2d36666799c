import { BroadcastCache, type OutboxRelay, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { InventorySettingsCommands } from './commands/inventory-settings-commands';
import type { Config } from './config';
import type { SettingsGiven, StockForReports } from './deps';
import type { InventorySettingsState } from './domain/inventory-settings';
import { inventorySettingsRoutes } from './http/inventory-settings.routes';
import { inventorySettingsModel } from './store/inventory-settings.model';
import { InventorySettingsReads, inventorySettingsStore } from './store/inventory-settings.repository';

/** How long a replica trusts its copy of an organization's settings should it miss a change's broadcast. */
const SETTINGS_TTL_MS = 5000;

/**
 * GET and PATCH /inventory-settings; the currency is locked once the stock has valuation entries.
 * Built before the stock module (every costed change reads the costing method, from a cache every
 * replica keeps in step: `reads`), so the lock's question to stock goes through `stock()` when a
 * request runs.
 */
export function settingsModule(
  { connection, broker, logger }: ServiceContext<Config>,
  relay: OutboxRelay,
  stock: () => Pick<StockForReports, 'valuations'>,
): ServiceModule<SettingsGiven> & { reads: InventorySettingsReads } {
  const cache = new BroadcastCache<InventorySettingsState>(broker, 'inventory.settings', logger, {
    ttlMs: SETTINGS_TTL_MS,
  });
  const store = inventorySettingsStore(inventorySettingsModel(connection), relay, cache);
  const reads = new InventorySettingsReads(store, cache);
  const valuations = { any: (orgId: string) => stock().valuations.any(orgId) };
  const given = { settings: new InventorySettingsCommands(store, reads, valuations) };
  return { given, reads, parts: [cache], api: (router) => inventorySettingsRoutes(router, given) };
}
