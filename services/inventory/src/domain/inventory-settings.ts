import { DEFAULT_INVENTORY_SETTINGS, type CostingMethod, type UpdateInventorySettings } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { currencyLocked } from './settings.errors';

/** The organization's inventory settings as stored (`inventory_settings`, one document per organization). */
export interface InventorySettingsState {
  orgId: string;
  version: number;
  costingMethod: CostingMethod;
  currency: string;
  /** The store's: when a change last moved a setting (absent while they are the defaults). */
  updatedAt?: Date;
}

/** An organization's settings before any change: the defaults. */
export const defaultSettings = (orgId: string): InventorySettingsState => ({
  orgId,
  version: 0,
  ...DEFAULT_INVENTORY_SETTINGS,
});

/**
 * A change of the settings. The currency moves only while the organization's stock has no
 * valuation entry (`valued`): its amounts are cents of that currency, and nothing converts them.
 * A method change applies from now: each pool follows it at its next movement (switch-method.ts).
 * Fields given as they are change nothing, and no write is made.
 */
export function changeSettings(
  current: InventorySettingsState,
  patch: UpdateInventorySettings,
  valued: boolean,
): Decision<InventorySettingsState> {
  const next = { ...current, ...patch };
  const moved = next.costingMethod !== current.costingMethod || next.currency !== current.currency;
  if (!moved) return {};
  if (next.currency !== current.currency && valued) throw currencyLocked(current.currency);
  return { state: next };
}
