import type { UpdateStockItem } from '@stockyard/contracts';
import type { LevelChange } from './level-change';
import { locationAt, samePlace, type Place, type StockLevel } from './stock-level';
import { minAboveMax } from './stock.errors';

/** Reorder point and maximum of one location; on hand is never touched, so no events. */
export function updateStockItem(level: StockLevel, where: Place, input: UpdateStockItem): LevelChange {
  const current = locationAt(level, where) ?? { ...where, onHand: 0, minQuantity: null, maxQuantity: null };
  const minQuantity = input.minQuantity !== undefined ? input.minQuantity : (current.minQuantity ?? null);
  const maxQuantity = input.maxQuantity !== undefined ? input.maxQuantity : (current.maxQuantity ?? null);
  if (minQuantity !== null && maxQuantity !== null && minQuantity > maxQuantity) {
    throw minAboveMax(minQuantity, maxQuantity);
  }
  const others = level.locations.filter((l) => !samePlace(l, where));
  return { locations: [...others, { ...current, minQuantity, maxQuantity }], events: [] };
}
