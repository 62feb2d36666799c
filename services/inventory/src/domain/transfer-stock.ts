import type { TransferStock } from '@stockyard/contracts';
import type { CostingMethod } from './cost-layer';
import { settle, type LevelChange, type MovementIds } from './level-change';
import { costTransfer } from './movement-cost';
import { adjustLocation, onHandAt, resolveSourceLocation, type StockLevel } from './stock-level';
import { insufficientStock, sameWarehouse } from './stock.errors';

const withNotes = (reason: string, notes?: string) => (notes ? `${reason}: ${notes}` : reason);

/**
 * Between two warehouses of one variant: TRANSFER_OUT at the resolved source location,
 * TRANSFER_IN at the destination's Unassigned location (the destination bin is chosen
 * later with a move). Both halves are in the one document update, so neither can exist
 * without the other. Availability is unchanged (on hand moves between warehouses); the value
 * moves with it (its layers).
 */
export function transferStock(
  level: StockLevel,
  input: TransferStock,
  reference: string,
  ids: MovementIds,
  now: Date,
  method: CostingMethod,
): LevelChange {
  if (input.fromWarehouseId === input.toWarehouseId) throw sameWarehouse();
  const from = resolveSourceLocation(level, input.fromWarehouseId);
  const held = onHandAt(level, from);
  if (held < input.quantity) {
    throw insufficientStock(`The source location (${from.binId ?? 'Unassigned'})`, held, input.quantity);
  }
  const to = { warehouseId: input.toWarehouseId, binId: null };
  const locations = adjustLocation({ locations: adjustLocation(level, from, -input.quantity) }, to, input.quantity);
  const change = settle(
    level,
    { locations },
    [
      {
        ...from,
        type: 'TRANSFER_OUT',
        quantity: -input.quantity,
        reason: withNotes(`Transfer to ${input.toWarehouseId}`, input.notes),
        reference,
      },
      {
        ...to,
        type: 'TRANSFER_IN',
        quantity: input.quantity,
        reason: withNotes(`Transfer from ${input.fromWarehouseId}`, input.notes),
        reference,
      },
    ],
    ids,
    now,
  );
  return costTransfer(level, change, method);
}
