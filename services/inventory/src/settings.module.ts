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
 * The organization's inventory settings: their store and reads, built before the stock module
 * (every costed change reads the costing method, from a cache every replica keeps in step).
 */
export function settingsData({ connection, broker, logger }: ServiceContext<Config>, relay: OutboxRelay) {
  const cache = new BroadcastCache<InventorySettingsState>(broker, 'inventory.settings', logger, {
    ttlMs: SETTINGS_TTL_MS,
  });
  const store = inventorySettingsStore(inventorySettingsModel(connection), relay, cache);
  return { cache, store, reads: new InventorySettingsReads(store, cache) };
}
type SettingsData = ReturnType<typeof settingsData>;

/** GET and PATCH /inventory-settings; the currency is locked once the stock has valuation entries. */
export function settingsModule(
  data: SettingsData,
  stock: Pick<StockForReports, 'valuations'>,
): ServiceModule<SettingsGiven> {
  const given = { settings: new InventorySettingsCommands(data.store, data.reads, stock.valuations) };
  return { given, parts: [data.cache], api: (router) => inventorySettingsRoutes(router, given) };
}
