import { fromCents, fromUnits, STOCK_AGE_BUCKETS, type InventoryAging } from '@stockyard/contracts';
import { layerUnits, type CostPool } from './cost-layer';

const DAY_MS = 86_400_000;

/** A UTC day as a number: whole days since 1970-01-01. */
const dayNumber = (at: Date) => Math.floor(at.getTime() / DAY_MS);

/**
 * Stock on hand in one warehouse that came in on one UTC day (`dayNumber`): its units (1/10,000)
 * and value in cents. A level's pools as rows (`ageRowsOf`) are what the aging report sums.
 */
export type AgeRow = [warehouseId: string, day: number, units: number, cents: number];

/**
 * Whole UTC days from the day of a layer's `receivedAt` to the moment's day (0 for a layer received
 * after it), as aging reports count them: calendar days, not 24-hour spans. FIFO's layers keep the
 * day they came in (a transfer keeps the source's); moving average's one layer the newest of what
 * it merged, its last stock in. Stock from before costing began has no date (epoch): 181+.
 */
export const ageInDays = (receivedAt: Date, at: Date) => Math.max(0, dayNumber(at) - dayNumber(receivedAt));

const rowKey = (warehouseId: string, day: number) => `${warehouseId}|${day}`;

/** A level's pools as age rows: its layers summed by warehouse and day of receipt. */
export function ageRowsOf(pools: readonly CostPool[]): AgeRow[] {
  const rows = new Map<string, AgeRow>();
  for (const pool of pools)
    for (const layer of pool.layers) {
      const day = dayNumber(layer.receivedAt);
      const key = rowKey(pool.warehouseId, day);
      const row = rows.get(key) ?? rows.set(key, [pool.warehouseId, day, 0, 0]).get(key)!;
      row[2] += layerUnits(layer);
      row[3] += layer.valueCents;
    }
  return [...rows.values()];
}

/** Sums of age rows by warehouse and day, added to and taken from level by level. */
export class AgeSums {
  private readonly sums = new Map<string, AgeRow>();

  constructor(rows: readonly AgeRow[] = []) {
    this.add(rows);
  }

  /** Adds the rows (`sign` -1: takes them away); a sum back at nothing is dropped. */
  add(rows: readonly AgeRow[], sign: 1 | -1 = 1): void {
    for (const [warehouseId, day, units, cents] of rows) {
      const key = rowKey(warehouseId, day);
      const sum = this.sums.get(key) ?? this.sums.set(key, [warehouseId, day, 0, 0]).get(key)!;
      sum[2] += sign * units;
      sum[3] += sign * cents;
      if (sum[2] === 0 && sum[3] === 0) this.sums.delete(key);
    }
  }

  rows(): AgeRow[] {
    return [...this.sums.values()];
  }
}

/** The stock in these rows (of one warehouse when named) by its age at the moment, exact per bucket. */
export function agingOf(
  rows: readonly AgeRow[],
  at: Date,
  warehouseId?: string,
): Pick<InventoryAging, 'buckets' | 'totalQuantity' | 'totalValue'> {
  const sums = STOCK_AGE_BUCKETS.map(() => ({ units: 0, cents: 0 }));
  const today = dayNumber(at);
  for (const [wh, day, units, cents] of rows) {
    if (warehouseId !== undefined && wh !== warehouseId) continue;
    const days = Math.max(0, today - day);
    const sum = sums[STOCK_AGE_BUCKETS.findIndex((b) => b.maxDays === null || days <= b.maxDays)]!;
    sum.units += units;
    sum.cents += cents;
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
