import { eachRow, packRows, type PackedRows } from './packed-rows';
import type { StockPosition } from './stock-position';

/**
 * Where a read's positions go, one at a time: a report adds them up as they come, without an object
 * per position (a large organization's month closing holds 300,000).
 */
export type PositionSink = (variantId: string, warehouseId: string, units: number, cents: number) => void;

/** Positions as stored (a closed day's, a month closing's part): variant and warehouse ids; units and cents. */
export const packPositions = (positions: readonly StockPosition[]): PackedRows =>
  packRows(positions, 2, (p) => [p.variantId, p.warehouseId, p.units, p.cents]);

/** Each packed position into the sink, in the order written; only one warehouse's when named. */
export const eachPosition = (packed: PackedRows, sink: PositionSink, warehouseId?: string): void =>
  eachRow(packed, 2, (variantId, warehouseId, n) => sink(variantId, warehouseId, n[0]!, n[1]!), warehouseId);

/** Every packed position as an object (a report adds them up instead). */
export function positionsOf(packed: PackedRows): StockPosition[] {
  const positions: StockPosition[] = [];
  eachPosition(packed, (variantId, warehouseId, units, cents) =>
    positions.push({ variantId, warehouseId, units, cents }),
  );
  return positions;
}
