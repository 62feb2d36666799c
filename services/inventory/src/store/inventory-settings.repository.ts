import type { CostingMethod } from '@stockyard/contracts';
import { AggregateStore, type BroadcastCache, type OutboxRelay } from '@stockyard/service-kit';
import { defaultSettings, type InventorySettingsState } from '../domain/inventory-settings';
import type { InventorySettingsModel } from './inventory-settings.model';

/**
 * Every write of an organization's settings (`_id` the organization's id; a missing document is
 * the defaults). A write drops the cached settings on every replica (BroadcastCache), and its
 * audit record rides in its outbox.
 */
export const inventorySettingsStore = (
  model: InventorySettingsModel,
  relay: OutboxRelay,
  cache: BroadcastCache<InventorySettingsState>,
) =>
  new AggregateStore<InventorySettingsState>(model, relay, {
    name: 'Inventory settings',
    documentId: (orgId) => orgId,
    initial: defaultSettings,
    afterWrite: (s) => cache.changed(s.orgId),
  });
export type InventorySettingsStore = ReturnType<typeof inventorySettingsStore>;

/**
 * Reads of the settings. Every stock movement needs the costing method, so it is read through a
 * per-process cache (`costingMethod`); a change on any replica drops it everywhere at once, and
 * an entry lives a few seconds at most should a broadcast be missed. API reads are not cached.
 */
export class InventorySettingsReads {
  constructor(
    private readonly store: InventorySettingsStore,
    private readonly cache: BroadcastCache<InventorySettingsState>,
  ) {}

  async get(orgId: string): Promise<InventorySettingsState> {
    return (await this.store.read(orgId, orgId)) ?? defaultSettings(orgId);
  }

  async costingMethod(orgId: string): Promise<CostingMethod> {
    return (await this.cache.get(orgId, () => this.get(orgId))).costingMethod;
  }
}
