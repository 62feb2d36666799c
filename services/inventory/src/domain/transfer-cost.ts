import { transferInCost } from './cost-in';
import type { CostPool } from './cost-layer';
import { takeStockCost } from './cost-out';
import type { CostContext, ValuationEntry } from './valuation-entry';

interface TransferCostChange {
  from: CostPool;
  to: CostPool;
  entries: ValuationEntry[];
}

/**
 * A transfer between two warehouses carries its value: the TRANSFER_OUT takes layers from the
 * source as any out does, the TRANSFER_IN receives those very layers (value, date, origin), so
 * the variant's value over all warehouses does not move. Each half is its own movement, so each
 * has its own context. A move between bins of one warehouse changes no pool and is not costed.
 */
export function transferCost(
  from: CostPool,
  to: CostPool,
  quantity: number,
  out: CostContext,
  into: CostContext,
): TransferCostChange {
  if (from.warehouseId === to.warehouseId) throw new RangeError('a transfer moves cost between two warehouses');
  const taken = takeStockCost(from, 'TRANSFER_OUT', quantity, out);
  const given = transferInCost(to, taken.taken, into);
  return { from: taken.pool, to: given.pool, entries: [...taken.entries, ...given.entries] };
}
