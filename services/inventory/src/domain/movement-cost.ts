import { toCents, type StockMovement } from '@stockyard/contracts';
import { addStockCost, receiveCost } from './cost-in';
import type { CostingMethod } from './cost-layer';
import { takeStockCost } from './cost-out';
import { joinNewest } from './join-layers';
import { contextOf, costed, poolFor } from './level-cost';
import type { LevelChange } from './level-change';
import type { StockLevel } from './stock-level';
import { transferCost } from './transfer-cost';

const centsOf = (unitCost: number | undefined) => (unitCost === undefined ? null : toCents(unitCost));

/** RECEIPT at the purchase-order line's unit cost (else the average), its layer tagged with the line. */
export function costReceipt(
  level: StockLevel,
  change: LevelChange,
  method: CostingMethod,
  unitCost?: number,
  origin?: string,
): LevelChange {
  const movement = change.movements![0]!;
  const opened = poolFor(level, movement, method);
  const receipt = { quantity: movement.quantity, unitCostCents: centsOf(unitCost), origin };
  const made = receiveCost(opened.pool, receipt, contextOf(movement));
  return costed(level, change, [joinNewest(made.pool)], [...opened.entries, ...made.entries]);
}

/**
 * A signed quantity of one warehouse at cost: in at the unit cost given, else the average; out
 * from the layers (a SALE's value is cost of goods sold). `movement` is its cause.
 */
export function costStock(
  level: StockLevel,
  change: LevelChange,
  method: CostingMethod,
  movement: StockMovement,
  kind: 'ADJUSTMENT' | 'COUNT' | 'SALE',
  quantity: number,
  unitCost?: number,
): LevelChange {
  const opened = poolFor(level, movement, method);
  const context = contextOf(movement);
  const made =
    quantity > 0 && kind !== 'SALE'
      ? addStockCost(opened.pool, kind, quantity, centsOf(unitCost), context)
      : takeStockCost(opened.pool, kind, -quantity, context);
  return costed(level, change, [joinNewest(made.pool)], [...opened.entries, ...made.entries]);
}

/** A transfer's two movements (out, in) carry its layers from one warehouse's pool to the other's. */
export function costTransfer(level: StockLevel, change: LevelChange, method: CostingMethod): LevelChange {
  const [out, into] = change.movements as [StockMovement, StockMovement];
  const from = poolFor(level, out, method);
  const to = poolFor(level, into, method);
  const moved = transferCost(from.pool, to.pool, into.quantity, contextOf(out), contextOf(into));
  return costed(level, change, [moved.from, moved.to], [...from.entries, ...to.entries, ...moved.entries]);
}
