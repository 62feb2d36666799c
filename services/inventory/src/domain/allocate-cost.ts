import { toUnits } from '@stockyard/contracts';
import { emptyPool, layerUnits, type CostPool } from './cost-layer';
import { splitCents } from './split-cents';
import { entryOf, type CostContext, type ValuationEntry } from './valuation-entry';

/** A landed cost's or a matched invoice's cost variance, allocated to one purchase-order line's variant. */
export interface CostAllocation {
  kind: 'LANDED_COST' | 'COST_VARIANCE';
  /** Signed: a re-allocation or a deletion allocates the difference from what was allocated before. */
  amountCents: number;
  /** Of the line's received quantity, what is still on hand and what is sold: lineOnHand's split (line-on-hand.ts). */
  onHand: number;
  sold: number;
  /** The line's key: its receipts' layers take the on-hand part while any is left. */
  origin: string | null;
  /** Where the sold part is booked: the warehouse the line was received into. */
  warehouseId: string;
}

/** An operation over all of a variant's pools (one per warehouse): they live on its one stock level. */
interface PoolsChange {
  pools: CostPool[];
  entries: ValuationEntry[];
}

interface Target {
  pool: number;
  layer: number;
  units: number;
}

/**
 * The amount is split between the part on hand and the part sold by largest remainder over the
 * two quantities (ties to on hand; neither: all on hand), as the landed-cost summary splits it.
 * The on-hand part is spread over the line's own layers still on hand (FIFO keeps them by origin),
 * else over all the variant's layers (a moving-average pool has mixed them), by largest remainder
 * on their quantities; one entry per warehouse. The sold part is one entry of cost of goods sold.
 * What the layers cannot take goes to cost of goods sold too: the on-hand part when nothing is on
 * hand, and the part of a negative share that would take a layer's value below 0 (that cost has
 * already left the stock).
 */
export function allocateCost(
  pools: readonly CostPool[],
  allocation: CostAllocation,
  context: CostContext,
): PoolsChange {
  const [toStock = 0, toSold = 0] = splitCents(allocation.amountCents, weightsOf(allocation));
  const targets = targetsOf(pools, allocation.origin);
  const spread = spreadOver(pools, targets, toStock);
  const entries = [...spread.absorbed]
    .filter(([, cents]) => cents !== 0)
    .map(([index, cents]) =>
      entryOf(spread.pools[index]!, { kind: allocation.kind, quantityUnits: 0, valueCents: cents }, context),
    );
  const cogsCents = toSold + spread.unabsorbed;
  if (cogsCents !== 0) {
    const booked = spread.pools.find((p) => p.warehouseId === allocation.warehouseId);
    const where = booked ?? emptyPool(allocation.warehouseId, pools[0]?.method ?? 'FIFO');
    entries.push(entryOf(where, { kind: allocation.kind, quantityUnits: 0, valueCents: 0, cogsCents }, context));
  }
  return { pools: spread.pools, entries };
}

function weightsOf(allocation: CostAllocation): number[] {
  const weights = [Math.max(0, toUnits(allocation.onHand)), Math.max(0, toUnits(allocation.sold))];
  return weights[0]! + weights[1]! > 0 ? weights : [1, 0];
}

function targetsOf(pools: readonly CostPool[], origin: string | null): Target[] {
  const all = pools.flatMap((p, pool) =>
    p.layers.map((l, layer) => ({ pool, layer, units: layerUnits(l), own: origin !== null && l.origin === origin })),
  );
  const own = all.filter((t) => t.own);
  return (own.length > 0 ? own : all).filter((t) => t.units > 0);
}

/** Each target's share of the amount, down to a value of 0; what a layer could not give back is `unabsorbed`. */
function spreadOver(pools: readonly CostPool[], targets: readonly Target[], amountCents: number) {
  const next = pools.map((p) => ({ ...p, layers: [...p.layers] }));
  const absorbed = new Map<number, number>();
  if (targets.length === 0) return { pools: next, absorbed, unabsorbed: amountCents };
  const shares = splitCents(
    amountCents,
    targets.map((t) => t.units),
  );
  let unabsorbed = 0;
  for (const [i, target] of targets.entries()) {
    const layers = next[target.pool]!.layers;
    const layer = layers[target.layer]!;
    const applied = Math.max(shares[i]!, -layer.valueCents);
    unabsorbed += shares[i]! - applied;
    layers[target.layer] = { ...layer, valueCents: layer.valueCents + applied };
    absorbed.set(target.pool, (absorbed.get(target.pool) ?? 0) + applied);
  }
  return { pools: next, absorbed, unabsorbed };
}
