import type { StockItem } from '@stockyard/contracts';
import {
  locationsIn,
  onHandIn,
  primaryBinOf,
  reservedIn,
  round,
  type StockLevel,
  type StockLocation,
} from './stock-level';

/*
 * The read views several routes share: a stock item row (PATCH /stock/items, the breakdown,
 * warehouse stock) and one warehouse's totals of a variant (the breakdown, warehouse stock).
 */

export interface VariantInfo {
  sku: string | null;
  name: string | null;
}

export function stockItemOf(level: StockLevel, location: StockLocation, binNames: Map<string, string>): StockItem {
  return {
    variantId: level.variantId,
    warehouseId: location.warehouseId,
    binId: location.binId,
    binName: location.binId ? (binNames.get(location.binId) ?? null) : null,
    onHand: location.onHand,
    minQuantity: location.minQuantity ?? null,
    maxQuantity: location.maxQuantity ?? null,
    isPrimary: location.binId !== null && primaryBinOf(level, location.warehouseId) === location.binId,
  };
}

const byBin = (a: StockLocation, b: StockLocation) =>
  a.binId === null ? -1 : b.binId === null ? 1 : a.binId.localeCompare(b.binId);

/** One warehouse's view of a variant: totals and its bin rows (Unassigned first). */
export function warehouseView(level: StockLevel, warehouseId: string, binNames: Map<string, string>) {
  const onHand = onHandIn(level, warehouseId);
  const reserved = reservedIn(level, warehouseId);
  return {
    warehouseId,
    onHand,
    reserved,
    available: round(onHand - reserved),
    primaryBinId: primaryBinOf(level, warehouseId),
    bins: [...locationsIn(level, warehouseId)].sort(byBin).map((l) => stockItemOf(level, l, binNames)),
  };
}
