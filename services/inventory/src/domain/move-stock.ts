import type { MoveStock } from '@stockyard/contracts';
import { settle, type LevelChange, type MovementIds } from './level-change';
import { adjustLocation, onHandAt, type StockLevel } from './stock-level';
import { insufficientStock, sameBin } from './stock.errors';

const label = (binId: string | null) => binId ?? 'Unassigned';

/** Between two locations of one warehouse: a TRANSFER_OUT/TRANSFER_IN pair; available unchanged. */
export function moveStock(
  level: StockLevel,
  input: MoveStock,
  reference: string,
  ids: MovementIds,
  now: Date,
): LevelChange {
  if (input.fromBinId === input.toBinId) throw sameBin();
  const from = { warehouseId: input.warehouseId, binId: input.fromBinId };
  const to = { warehouseId: input.warehouseId, binId: input.toBinId };
  const held = onHandAt(level, from);
  if (held < input.quantity) throw insufficientStock(label(from.binId), held, input.quantity);
  const locations = adjustLocation({ locations: adjustLocation(level, from, -input.quantity) }, to, input.quantity);
  return settle(
    level,
    { locations },
    [
      { ...from, type: 'TRANSFER_OUT', quantity: -input.quantity, reason: `Move to ${label(to.binId)}`, reference },
      { ...to, type: 'TRANSFER_IN', quantity: input.quantity, reason: `Move from ${label(from.binId)}`, reference },
    ],
    ids,
    now,
  );
}
