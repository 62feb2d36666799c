import type { TypedEvent } from '@stockyard/contracts';
import type { Logger } from '@stockyard/service-kit';
import { shortOf } from '../../domain/hold';
import { topUp } from '../../domain/hold-plans';
import type { HoldMoves } from '../../commands/hold-moves';
import type { HoldReads } from '../../store/hold.repository';

/**
 * purchase_order.line_received (purchasing's internal event): the arriving stock is reserved first
 * for the open holds linked to that line, oldest first, in the receiving warehouse, up to what
 * arrived and what each lacks (a hold of another warehouse is left to its own). Each top-up takes
 * the hold's next key, written on the hold first: a replayed event tops up only what is still short.
 */
export const lineReceivedHandler =
  (holds: HoldReads, moves: HoldMoves, logger: Logger) =>
  async ({ payload }: TypedEvent<'purchase_order.line_received'>): Promise<void> => {
    if (!payload.warehouseId) return;
    let left = payload.quantity;
    for (const hold of await holds.linkedTo(payload.orgId, payload.lineId)) {
      if (left <= 0) break;
      if (hold.warehouseId !== payload.warehouseId || shortOf(hold) <= 0) continue;
      const before = hold.reservedQuantity;
      const { hold: after } = await moves.run(payload.orgId, hold.id, (h) =>
        h.warehouseId === payload.warehouseId ? topUp(h, Math.min(shortOf(h), left)) : undefined,
      );
      left -= Math.max(0, after.reservedQuantity - before);
    }
    logger.debug?.({ lineId: payload.lineId, left }, 'arrival reserved for linked holds');
  };
