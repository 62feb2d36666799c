import type { StockMovement } from '@stockyard/contracts';
import { emptyPool, type CostingMethod, type CostPool } from './cost-layer';
import type { LevelChange } from './level-change';
import { openingCost } from './opening-cost';
import { onHandIn, type StockLevel } from './stock-level';
import { switchMethod } from './switch-method';
import type { CostChange, CostContext, ValuationEntry } from './valuation-entry';

/** A movement's cost is caused by it and dated with it. */
export const contextOf = (movement: StockMovement): CostContext => ({
  cause: { type: 'movement', id: movement.id },
  at: new Date(movement.createdAt),
});

/**
 * The pool of the movement's warehouse, ready for its cost: in the organization's method (its
 * setting as the movement's command read it: a change of it applies from here), with the stock on
 * hand before the movement that the pool has not met opened (OPENING, stock from before costing began).
 */
export function poolFor(level: StockLevel, movement: StockMovement, method: CostingMethod): CostChange {
  const found = level.costPools?.find((p) => p.warehouseId === movement.warehouseId);
  const pool = switchMethod(found ?? emptyPool(movement.warehouseId, method), method);
  return openingCost(pool, onHandIn(level, movement.warehouseId), contextOf(movement));
}

/**
 * The change with its cost: the pools it touched replace theirs on the level, and its entries
 * go with it (`decision` puts them on their local event), so a movement and its cost are one
 * document write.
 */
export function costed(
  level: StockLevel,
  change: LevelChange,
  pools: readonly CostPool[],
  entries: readonly ValuationEntry[],
): LevelChange {
  const kept = (level.costPools ?? []).filter((p) => !pools.some((q) => q.warehouseId === p.warehouseId));
  return {
    ...change,
    costPools: [...kept, ...pools],
    valuations: [...(change.valuations ?? []), ...entries],
  };
}
