import type { WarehouseBreakdown } from '@stockyard/contracts';
import type { StockLevel } from './stock-level';
import { warehouseView } from './stock-views';

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
