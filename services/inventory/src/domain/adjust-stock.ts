import type { AdjustStock, StockMovement } from '@stockyard/contracts';
import type { CostingMethod } from './cost-layer';
import { settle, type LevelChange, type MovementIds } from './level-change';
import { costStock } from './movement-cost';
import { adjustLocation, type StockLevel } from './stock-level';

export { MOVEMENT_RECORDED } from './level-change';

interface AdjustChange extends LevelChange {
  movement: StockMovement;
}

/**
 * An ADJUSTMENT: one location changes; availability changes with it. In at the request's
 * unitCost (else the average), out at cost, by the organization's `method`.
 */
export function adjustStock(
  level: StockLevel,
  input: AdjustStock,
  ids: MovementIds | string,
  now: Date,
  method: CostingMethod,
): AdjustChange {
  const where = { warehouseId: input.warehouseId, binId: input.binId ?? null };
  const locations = adjustLocation(level, where, input.quantity);
  const movementIds = typeof ids === 'string' ? () => ids : ids;
  const change = settle(
    level,
    { locations },
    [{ ...where, type: 'ADJUSTMENT', quantity: input.quantity, reason: input.reason }],
    movementIds,
    now,
  );
  const movement = change.movements![0]!;
  return { ...costStock(level, change, method, movement, 'ADJUSTMENT', input.quantity, input.unitCost), movement };
}
