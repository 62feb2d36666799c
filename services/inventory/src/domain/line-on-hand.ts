import { fromUnits, toUnits, type LineOnHand, type ReceivedLine } from '@stockyard/contracts';
import { inflowUnits, layerUnits, type CostPool } from './cost-layer';

/**
 * What is left in a mixed moving-average pool of `received` units that came into it: its units are
 * alike, so the same share of every line's units is left (quantity / inflow), rounded to the unit.
 */
function shareLeft(pool: CostPool, received: number): number {
  const layer = pool.layers[0];
  if (!layer) return 0;
  // A pool stored before its inflow was kept: at most all it holds.
  if (layer.inflow === undefined) return layerUnits(layer);
  const inflow = inflowUnits(layer);
  return inflow > 0 ? Math.round((received * layerUnits(layer)) / inflow) : 0;
}

/**
 * Of a purchase-order line's received quantity, what is still on hand: its own layers (by origin,
 * in any warehouse: transfers carry them), else, in a moving-average pool that has mixed them, the
 * line's share of what the pool has left of what came in; never more than was received. The rest
 * is sold. The one split of a line: a landed cost or a variance reaches the layers by it
 * (apply-line-cost.ts), and invoicing's landed-cost summary reports it (the internal read).
 */
export function lineOnHand(
  pools: readonly CostPool[],
  line: Pick<ReceivedLine, 'origin' | 'warehouseId' | 'receivedQuantity'>,
): { onHand: number; sold: number } {
  const own = pools.flatMap((p) => p.layers).filter((l) => l.origin === line.origin);
  const home = pools.find((p) => p.warehouseId === line.warehouseId);
  const received = Math.max(0, toUnits(line.receivedQuantity));
  const units =
    own.length > 0
      ? own.reduce((sum, l) => sum + layerUnits(l), 0)
      : home?.method === 'MOVING_AVERAGE'
        ? shareLeft(home, received)
        : 0;
  const onHand = Math.min(received, units);
  return { onHand: fromUnits(onHand), sold: fromUnits(received - onHand) };
}

/** Each line's split, over its variant's pools (a variant with none: all sold), in the asked order. */
export const linesOnHand = (
  poolsOf: ReadonlyMap<string, readonly CostPool[]>,
  lines: readonly ReceivedLine[],
): LineOnHand[] =>
  lines.map((line) => ({
    origin: line.origin,
    variantId: line.variantId,
    ...lineOnHand(poolsOf.get(line.variantId) ?? [], line),
  }));
