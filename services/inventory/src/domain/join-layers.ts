import { fromUnits } from '@stockyard/contracts';
import { layerUnits, type CostLayer, type CostPool } from './cost-layer';

const dayOf = (date: Date) => Math.floor(date.getTime() / 86_400_000);

/** The same unit cost, exactly: a.value / a.quantity = b.value / b.quantity, compared crosswise. */
const sameUnitCost = (a: CostLayer, b: CostLayer) =>
  BigInt(a.valueCents) * BigInt(layerUnits(b)) === BigInt(b.valueCents) * BigInt(layerUnits(a));

/**
 * FIFO's newest layer joined to the one before it when both came in on the same (UTC) day, from
 * the same origin, at the same unit cost: one layer of both is worth what the two are, and the
 * level, written whole on every change, stays small under many small ins (adjusts at the
 * average). Aging is by day, and a landed cost finds layers by origin, so no report loses a fact.
 */
export function joinNewest(pool: CostPool): CostPool {
  const n = pool.layers.length;
  if (pool.method !== 'FIFO' || n < 2) return pool;
  const [older, newest] = [pool.layers[n - 2]!, pool.layers[n - 1]!];
  if (older.origin !== newest.origin || dayOf(older.receivedAt) !== dayOf(newest.receivedAt)) return pool;
  if (!sameUnitCost(older, newest)) return pool;
  const joined = {
    ...older,
    quantity: fromUnits(layerUnits(older) + layerUnits(newest)),
    valueCents: older.valueCents + newest.valueCents,
  };
  return { ...pool, layers: [...pool.layers.slice(0, -2), joined] };
}
