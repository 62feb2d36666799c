import type { AdjustStock, StockMovement } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import type { LevelChange } from '../store/stock.repository';
import { adjustLocation, availableOf, type StockLevel } from './stock-level';

/** Internal event carrying a movement, so the ledger is rebuilt if the process dies after the change. */
export const MOVEMENT_RECORDED = 'stock.movement_recorded';

export interface AdjustResult extends LevelChange {
  movement: StockMovement;
}

/** An ADJUSTMENT: one location changes; availability changes with it. */
export function adjustStock(level: StockLevel, input: AdjustStock, movementId: string, now: Date): AdjustResult {
  const where = { warehouseId: input.warehouseId, binId: input.binId ?? null };
  const locations = adjustLocation(level, where, input.quantity);
  const onHandAfter = locations.find((l) => l.warehouseId === where.warehouseId && l.binId === where.binId)!.onHand;
  const movement: StockMovement = {
    id: movementId,
    type: 'ADJUSTMENT',
    variantId: level.variantId,
    ...where,
    quantity: input.quantity,
    reason: input.reason,
    onHandAfter,
    createdAt: now.toISOString(),
  };
  const oldAvailable = availableOf(level);
  const newAvailable = availableOf({ locations, reserved: level.reserved });
  const events = [newEvent(MOVEMENT_RECORDED, { orgId: level.orgId, movement })];
  if (newAvailable !== oldAvailable) {
    events.push(newEvent('inventory.availability_changed', { orgId: level.orgId, variantId: level.variantId, oldAvailable, newAvailable }));
  }
  return { locations, events, movement };
}
