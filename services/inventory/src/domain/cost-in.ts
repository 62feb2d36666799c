import { fromUnits, timesCents, toUnits } from '@stockyard/contracts';
import { mergeLayers, poolUnits, poolValue, type CostLayer, type CostPool } from './cost-layer';
import { shareOfCents } from './split-cents';
import { entryOf, type CostChange, type CostContext, type ValuationKind } from './valuation-entry';

/** Stock in that no purchase brought: an adjust or count up, a customer return, stock found when costing began. */
type StockInKind = 'OPENING' | 'ADJUSTMENT' | 'COUNT' | 'RETURN';

interface Receipt {
  quantity: number;
  /** The purchase-order line's unit cost, in cents; null when the caller sent none (in at the average). */
  unitCostCents: number | null;
  /** The line's key, so its landed costs find the layer (see allocate-cost.ts). */
  origin?: string | null;
}

/** Units of a quantity that must be above 0 (the engine is called with movements' sizes, never signs). */
export function positiveUnits(quantity: number): number {
  const units = toUnits(quantity);
  if (!(units > 0)) throw new RangeError(`quantity must be above 0: ${quantity}`);
  return units;
}

const assertUnitCost = (cents: number) => {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`unit cost must be whole cents ≥ 0: ${cents}`);
};

/** RECEIPT: a new layer of quantity × unit cost (rounded to the cent, half away from zero), else at the average. */
export function receiveCost(pool: CostPool, receipt: Receipt, context: CostContext): CostChange {
  const units = positiveUnits(receipt.quantity);
  const layer = {
    quantity: fromUnits(units),
    valueCents: valueIn(pool, units, receipt.unitCostCents),
    receivedAt: context.at,
    origin: receipt.origin ?? null,
  };
  return withLayers(pool, [layer], 'RECEIPT', context);
}

/**
 * Stock in at the unit cost given, else at the pool's current average (its value × quantity / its
 * quantity, rounded half up), else, with nothing on hand to average, at 0. A RETURN's value comes
 * off cost of goods sold.
 */
export function addStockCost(
  pool: CostPool,
  kind: StockInKind,
  quantity: number,
  unitCostCents: number | null,
  context: CostContext,
): CostChange {
  const units = positiveUnits(quantity);
  const layer = {
    quantity: fromUnits(units),
    valueCents: valueIn(pool, units, unitCostCents),
    receivedAt: context.at,
    origin: null,
  };
  return withLayers(pool, [layer], kind, context);
}

/** What `units` coming in are worth: at the unit cost given, else at the pool's average, else 0. */
function valueIn(pool: CostPool, units: number, unitCostCents: number | null): number {
  if (unitCostCents !== null) {
    assertUnitCost(unitCostCents);
    return timesCents(fromUnits(units), unitCostCents);
  }
  const have = poolUnits(pool);
  return have > 0 ? shareOfCents(poolValue(pool), units, have) : 0;
}

/** TRANSFER_IN: the layers the source's TRANSFER_OUT took, with their value, dates and origins. */
export function transferInCost(pool: CostPool, layers: readonly CostLayer[], context: CostContext): CostChange {
  if (layers.length === 0) throw new RangeError('a transfer in carries the layers its transfer out took');
  return withLayers(pool, layers, 'TRANSFER_IN', context);
}

/** FIFO keeps its layers by date (a transferred layer keeps its own); moving average merges them into the pool. */
function withLayers(pool: CostPool, layers: readonly CostLayer[], kind: ValuationKind, context: CostContext) {
  const all = [...pool.layers, ...layers];
  const next: CostPool = {
    ...pool,
    layers:
      pool.method === 'FIFO' ? all.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime()) : mergeLayers(all),
  };
  const quantityUnits = layers.reduce((sum, l) => sum + toUnits(l.quantity), 0);
  const valueCents = layers.reduce((sum, l) => sum + l.valueCents, 0);
  const cogsCents = kind === 'RETURN' ? 0 - valueCents : 0;
  return { pool: next, entries: [entryOf(next, { kind, quantityUnits, valueCents, cogsCents }, context)] };
}
