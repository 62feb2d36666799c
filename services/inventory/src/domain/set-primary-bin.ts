import type { LevelChange } from './level-change';
import type { StockLevel } from './stock-level';

/** One primary bin per variant and warehouse; binId null clears it. No stock moves. */
export function setPrimaryBin(level: StockLevel, warehouseId: string, binId: string | null): LevelChange {
  const others = (level.primaryBins ?? []).filter((p) => p.warehouseId !== warehouseId);
  return { primaryBins: binId === null ? others : [...others, { warehouseId, binId }], events: [] };
}
