import type { StockItem, WarehouseBreakdown, WarehouseStockQuery, WarehouseStockRow } from '@stockyard/contracts';
import {
  locationsIn,
  onHandIn,
  primaryBinOf,
  reservedIn,
  round,
  type StockLevel,
  type StockLocation,
} from './stock-level';

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

/** GET /stock/variant/{id}/breakdown: every warehouse the variant has a location or a hold in. */
export function breakdown(
  level: StockLevel,
  warehouseNames: Map<string, string>,
  binNames: Map<string, string>,
): WarehouseBreakdown[] {
  const ids = new Set([
    ...level.locations.map((l) => l.warehouseId),
    ...(level.reservations ?? []).map((r) => r.warehouseId),
  ]);
  return [...ids]
    .sort()
    .map((id) => ({ ...warehouseView(level, id, binNames), warehouseName: warehouseNames.get(id) ?? null }));
}

/** An empty row for a variant the catalog knows but with no stock record in the warehouse. */
export const emptyRow = (variantId: string, warehouseId: string, info?: VariantInfo): WarehouseStockRow => ({
  variantId,
  sku: info?.sku ?? null,
  name: info?.name ?? null,
  warehouseId,
  onHand: 0,
  reserved: 0,
  available: 0,
  primaryBinId: null,
  bins: [],
});

const compare = (field: WarehouseStockQuery['sortBy']) => (a: WarehouseStockRow, b: WarehouseStockRow) => {
  const x = a[field];
  const y = b[field];
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  // Rows without a SKU or name (catalog not heard from yet) sort last ascending.
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return String(x).localeCompare(String(y));
};

/** Sort by the field, then variantId for a stable order across pages. */
export function sortRows(
  rows: WarehouseStockRow[],
  sortBy: WarehouseStockQuery['sortBy'],
  sortOrder: 'asc' | 'desc',
): WarehouseStockRow[] {
  const sign = sortOrder === 'asc' ? 1 : -1;
  const primary = compare(sortBy);
  return [...rows].sort((a, b) => sign * primary(a, b) || a.variantId.localeCompare(b.variantId));
}
