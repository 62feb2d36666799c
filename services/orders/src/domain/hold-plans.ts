import type { ReservationStatus, StockSale } from '@stockyard/contracts';
import { isOpen, type Hold, type PendingMove } from './hold';
import { holdStates } from './hold-states';

/** What a move planned on a hold writes with it: the move (none: a change of fields only) and the hold. */
export interface Planned {
  move: Omit<PendingMove, 'at'> | null;
  state: Hold;
}

/** The top-up of an open hold's shortfall: reserve `quantity` more with the next key `<id>:<n>`. */
export function topUp(hold: Hold, quantity: number): Planned | undefined {
  if (!isOpen(hold) || hold.kitLevel || !hold.warehouseId || quantity <= 0) return undefined;
  const reserves = hold.reserves + 1;
  return {
    move: { kind: 'reserve', operationKey: `${hold.id}:${reserves}`, warehouseId: hold.warehouseId, quantity },
    state: { ...hold, reserves },
  };
}

/**
 * The order a pass serves short holds in: those linked to a purchase-order line first (a receipt's
 * stock goes to the holds waiting for it, whichever of its two events comes first), then the oldest
 * hold first (holds are made with their order: the oldest order first).
 */
export const topUpOrder = (holds: Hold[]): Hold[] =>
  [...holds].sort(
    (a, b) =>
      Number(!a.purchaseOrderLineId) - Number(!b.purchaseOrderLineId) ||
      new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );

/** Cancelling an open hold: CANCELLED, and what it holds given back in inventory (`<id>:release:<n>`). */
export function cancelHold(hold: Hold): Planned {
  const status = holdStates.next(hold.status, 'cancel');
  if (hold.reservedQuantity <= 0 || !hold.warehouseId) return { move: null, state: { ...hold, status } };
  const releases = hold.releases + 1;
  const operationKey = `${hold.id}:release:${releases}`;
  const move = {
    kind: 'release' as const,
    operationKey,
    warehouseId: hold.warehouseId,
    quantity: hold.reservedQuantity,
  };
  return { move, state: { ...hold, status, releases } };
}

/**
 * Committing a hold: COMMITTED, its stock deducted as a SALE with the key `<id>:deduct` (one per
 * hold: COMMITTED is final), naming what it sold; `undo` is the status a refused deduct puts it back in.
 */
export function commitHold(
  hold: Hold,
  fromReserved: boolean,
  sale: StockSale,
  undo: ReservationStatus = hold.status,
): Planned {
  const status = holdStates.next(hold.status, 'commit');
  if (!hold.warehouseId) throw new Error(`hold ${hold.id} has no warehouse to deduct from`);
  const move = {
    kind: 'deduct' as const,
    operationKey: `${hold.id}:deduct`,
    warehouseId: hold.warehouseId,
    quantity: hold.quantity,
    fromReserved,
    undo,
    sale,
  };
  return { move, state: { ...hold, status } };
}

/** Restoring a CANCELLED hold and committing it (restore-and-fulfil): it holds nothing reserved. */
export const restoreAndCommit = (hold: Hold, sale: StockSale): Planned =>
  commitHold({ ...hold, status: holdStates.next(hold.status, 'restore') }, false, sale, hold.status);

export const allocateHold = (hold: Hold, sourceChannelId: string): Hold => ({
  ...hold,
  status: holdStates.next(hold.status, 'allocate'),
  sourceChannelId,
});

export const deallocateHold = (hold: Hold): Hold => ({
  ...hold,
  status: holdStates.next(hold.status, 'deallocate'),
  sourceChannelId: null,
});
