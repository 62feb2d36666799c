import { fromUnits, toUnits } from '@stockyard/contracts';
import { mergeLayers, poolUnits, type CostLayer, type CostPool } from './cost-layer';
import { entryOf, type CostChange, type CostContext } from './valuation-entry';

/** Stock from before costing began has no known date: it sorts before every layer, so FIFO takes it first. */
const BEFORE_COSTING = new Date(0);

/**
 * The stock on hand a pool has not met (it came in before costing began), brought in at 0 as
 * the oldest layer, with an OPENING entry. Called before a movement's cost, with the warehouse's
 * on hand before that movement; nothing when the pool holds it all.
 */
export function openingCost(pool: CostPool, onHand: number, context: CostContext): CostChange {
  const gap = toUnits(onHand) - poolUnits(pool);
  if (gap <= 0) return { pool, entries: [] };
  const layer: CostLayer = { quantity: fromUnits(gap), valueCents: 0, receivedAt: BEFORE_COSTING, origin: null };
  const layers = pool.method === 'FIFO' ? [layer, ...pool.layers] : mergeLayers([layer, ...pool.layers]);
  const next = { ...pool, layers };
  return { pool: next, entries: [entryOf(next, { kind: 'OPENING', quantityUnits: gap, valueCents: 0 }, context)] };
}
