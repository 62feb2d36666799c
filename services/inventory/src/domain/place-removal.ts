import type { LevelChange } from './level-change';
import { onHandIn, reservedIn, type StockLevel } from './stock-level';
import { binNotEmpty, warehouseNotEmpty } from './warehouse.errors';

/**
 * Deleting a bin: refused (409 bin_not_empty) while any variant has stock in it;
 * otherwise its empty rows and primary-bin designations go with it.
 */
export function removeBin(level: StockLevel, binId: string): LevelChange {
  const rows = level.locations.filter((l) => l.binId === binId);
  if (rows.some((l) => l.onHand !== 0)) throw binNotEmpty(binId, level.variantId);
  return {
    locations: level.locations.filter((l) => l.binId !== binId),
    primaryBins: (level.primaryBins ?? []).filter((p) => p.binId !== binId),
    events: [],
  };
}

/** A warehouse is deleted only when nothing is on hand or reserved there (409 warehouse_not_empty). */
export function assertWarehouseEmpty(level: StockLevel, warehouseId: string): void {
  if (onHandIn(level, warehouseId) !== 0 || reservedIn(level, warehouseId) !== 0) {
    throw warehouseNotEmpty(warehouseId, level.variantId);
  }
}
