import type { InventorySettings, UpdateInventorySettings } from '@stockyard/contracts';
import { changeSettings } from '../domain/inventory-settings';
import { inventorySettingsView } from '../domain/inventory-settings-view';
import type { InventorySettingsReads, InventorySettingsStore } from '../store/inventory-settings.repository';
import type { ValuationReads } from '../store/valuation-reads';

/** GET and PATCH /inventory-settings: the organization's costing method and currency. */
export class InventorySettingsCommands {
  constructor(
    private readonly store: InventorySettingsStore,
    private readonly reads: InventorySettingsReads,
    private readonly valuations: Pick<ValuationReads, 'any'>,
  ) {}

  async get(orgId: string): Promise<InventorySettings> {
    return inventorySettingsView(await this.reads.get(orgId));
  }

  /**
   * Changes the settings in one write of their document (audited; every replica's cache dropped).
   * Whether the stock has been valued is read under the document's lock, only for a new currency.
   */
  async update(orgId: string, patch: UpdateInventorySettings): Promise<InventorySettings> {
    const { state } = await this.store.change(orgId, orgId, async (current) => {
      const newCurrency = patch.currency !== undefined && patch.currency !== current.currency;
      return changeSettings(current, patch, newCurrency && (await this.valuations.any(orgId)));
    });
    return inventorySettingsView(state);
  }
}
