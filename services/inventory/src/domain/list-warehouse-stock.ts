import type { WarehouseStockQuery, WarehouseStockRow } from '@stockyard/contracts';
import type { StockLevel } from './stock-level';
import { warehouseView, type VariantInfo } from './stock-views';

/** A variant's row in a warehouse's stock: its totals and bins there, with the read model's SKU and name. */
export const stockRow = (
  level: StockLevel,
  warehouseId: string,
  binNames: Map<string, string>,
  info?: VariantInfo,
): WarehouseStockRow => ({
  ...warehouseView(level, warehouseId, binNames),
  variantId: level.variantId,
  sku: info?.sku ?? null,
  name: info?.name ?? null,
});

/** What the listing shows without `includeEmpty`: a row with stock on hand or reserved. */
export const isStocked = (row: WarehouseStockRow) => row.onHand !== 0 || row.reserved !== 0;

/**
 * A level's rows as the warehouse listings show them (without `includeEmpty`): one per warehouse
 * it has a location in (that one only when `warehouseId` is given) with stock, by warehouse id.
 */
export function levelRows(
  level: StockLevel,
  binNames: Map<string, string>,
  info: VariantInfo | undefined,
  warehouseId?: string,
): WarehouseStockRow[] {
  const warehouses = [...new Set(level.locations.map((l) => l.warehouseId))].sort();
  return warehouses
    .filter((id) => warehouseId === undefined || id === warehouseId)
    .map((id) => stockRow(level, id, binNames, info))
    .filter(isStocked);
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
