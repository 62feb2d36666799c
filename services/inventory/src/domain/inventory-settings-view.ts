import type { InventorySettings } from '@stockyard/contracts';
import type { InventorySettingsState } from './inventory-settings';

/** The settings' wire shape: `updatedAt` null while they are the defaults. */
export const inventorySettingsView = (s: InventorySettingsState): InventorySettings => ({
  costingMethod: s.costingMethod,
  currency: s.currency,
  updatedAt: s.updatedAt ? s.updatedAt.toISOString() : null,
});
