import { reservedIn, type StockLevel } from './stock-level';

/** A warehouse's reserved quantity after a change of its level, as the reservation ledger keeps it. */
export interface ReservedChange {
  warehouseId: string;
  reserved: number;
}

/** A ledger row as a read of it needs: the level's version after the change, and what was reserved then. */
export interface ReservedRow extends ReservedChange {
  version: number;
}

/**
 * The warehouses whose reserved quantity a change from `before` (null: a new level) to `after`
 * moved, each with what is reserved there after it (the whole quantity, not the difference: a
 * change the ledger missed is made good by the next one).
 */
export function reservedChanges(
  before: Pick<StockLevel, 'reservations'> | null,
  after: Pick<StockLevel, 'reservations'>,
): ReservedChange[] {
  const held = [...(before?.reservations ?? []), ...(after.reservations ?? [])].map((r) => r.warehouseId);
  return [...new Set(held)]
    .filter((warehouseId) => reservedIn(before ?? {}, warehouseId) !== reservedIn(after, warehouseId))
    .map((warehouseId) => ({ warehouseId, reserved: reservedIn(after, warehouseId) }));
}

/**
 * What was reserved per warehouse on a moment, from the rows dated up to it: each warehouse's row
 * of the highest version (a write that lost a race keeps its request's moment, so dates may be out
 * of version order by a few milliseconds).
 */
export function reservedAsOf(rows: readonly ReservedRow[]): Map<string, number> {
  const latest = new Map<string, ReservedRow>();
  for (const row of rows) {
    const seen = latest.get(row.warehouseId);
    if (!seen || row.version > seen.version) latest.set(row.warehouseId, row);
  }
  return new Map([...latest].map(([warehouseId, row]) => [warehouseId, row.reserved]));
}
