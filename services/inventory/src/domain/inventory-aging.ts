import { fromCents, fromUnits, STOCK_AGE_BUCKETS, type InventoryAging } from '@stockyard/contracts';
import { layerUnits, type CostPool } from './cost-layer';

const DAY_MS = 86_400_000;

/**
 * Whole days from a layer's `receivedAt` to the moment (0 for a layer received after it). FIFO's
 * layers keep the day they came in (a transfer keeps the source's); moving average's one layer
 * the newest of what it merged, its last stock in. Stock from before costing began has no date
 * (epoch): it is the oldest, 181+.
 */
export const ageInDays = (receivedAt: Date, at: Date) =>
  Math.max(0, Math.floor((at.getTime() - receivedAt.getTime()) / DAY_MS));

/** The stock on hand in these pools by the age of its layers, quantity and value exact per bucket. */
export function agingOf(
  pools: readonly CostPool[],
  at: Date,
): Pick<InventoryAging, 'buckets' | 'totalQuantity' | 'totalValue'> {
  const sums = STOCK_AGE_BUCKETS.map(() => ({ units: 0, cents: 0 }));
  for (const layer of pools.flatMap((p) => p.layers)) {
    const days = ageInDays(layer.receivedAt, at);
    const sum = sums[STOCK_AGE_BUCKETS.findIndex((b) => b.maxDays === null || days <= b.maxDays)]!;
    sum.units += layerUnits(layer);
    sum.cents += layer.valueCents;
  }
  return {
    buckets: STOCK_AGE_BUCKETS.map((b, i) => ({
      ...b,
      quantity: fromUnits(sums[i]!.units),
      value: fromCents(sums[i]!.cents),
    })),
    totalQuantity: fromUnits(sums.reduce((s, b) => s + b.units, 0)),
    totalValue: fromCents(sums.reduce((s, b) => s + b.cents, 0)),
  };
}
