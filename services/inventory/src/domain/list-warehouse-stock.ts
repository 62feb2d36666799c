import type { WarehouseStockQuery, WarehouseStockRow } from '@stockyard/contracts';
import type { VariantInfo } from './stock-views';

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
