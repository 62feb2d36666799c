import { fromUnits } from '@stockyard/contracts';
import { addStockCost, positiveUnits } from './cost-in';
import { layerUnits, poolUnits, withoutInflow, type CostLayer, type CostPool } from './cost-layer';
import { shareOfCents } from './split-cents';
import { entryOf, type CostChange, type CostContext } from './valuation-entry';

/** Stock out: a sale (its value is cost of goods sold), an adjust or count down, a transfer's first half. */
type StockOutKind = 'SALE' | 'ADJUSTMENT' | 'COUNT' | 'TRANSFER_OUT';

/** A take answers the slices it took (quantity, value, date, origin): a transfer in receives them as they are. */
interface CostOut extends CostChange {
  taken: CostLayer[];
}

/**
 * Stock out at cost: FIFO from the oldest layers, moving average from its one pool. Part of a
 * layer is worth its value × part / whole, rounded half up, and the rest stays with the layer, so
 * the last unit of a layer takes what is left: value reaches 0 exactly when quantity does.
 *
 * Inventory never lets a warehouse's on hand go below 0, and a pool follows its on hand, so an out
 * finds its quantity in the layers. Stock on hand before costing began has no layer: the quantity
 * an out is missing is first brought in at 0 (an OPENING entry, which a report can show as
 * uncosted), then taken. So no layer goes negative and no value is made up.
 */
export function takeStockCost(pool: CostPool, kind: StockOutKind, quantity: number, context: CostContext): CostOut {
  const units = positiveUnits(quantity);
  const missing = units - poolUnits(pool);
  const opened = missing > 0 ? addStockCost(pool, 'OPENING', fromUnits(missing), 0, context) : { pool, entries: [] };
  const { layers, taken } = takeUnits(opened.pool.layers, units);
  const next = { ...pool, layers };
  const valueCents = taken.reduce((sum, l) => sum + l.valueCents, 0);
  const entry = entryOf(
    next,
    { kind, quantityUnits: -units, valueCents: 0 - valueCents, cogsCents: kind === 'SALE' ? valueCents : 0 },
    context,
  );
  return { pool: next, entries: [...opened.entries, entry], taken };
}

/** The first `units` of the layers, in their order; a layer cut in two keeps its date and origin on both sides. */
function takeUnits(layers: readonly CostLayer[], units: number): { layers: CostLayer[]; taken: CostLayer[] } {
  const left: CostLayer[] = [];
  const taken: CostLayer[] = [];
  let wanted = units;
  for (const layer of layers) {
    const have = layerUnits(layer);
    const part = Math.min(have, wanted);
    wanted -= part;
    if (part === 0) {
      left.push(layer);
      continue;
    }
    const valueCents = part === have ? layer.valueCents : shareOfCents(layer.valueCents, part, have);
    taken.push({ ...withoutInflow(layer), quantity: fromUnits(part), valueCents });
    if (part < have)
      left.push({ ...layer, quantity: fromUnits(have - part), valueCents: layer.valueCents - valueCents });
  }
  return { layers: left, taken };
}
