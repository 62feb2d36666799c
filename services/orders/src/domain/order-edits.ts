import type { Decision } from '@stockyard/service-kit';
import type { Order } from './order';
import { orderTrashed } from './order.errors';

type Change = Decision<Order, Order>;

const live = (order: Order) => {
  if (order.deletedAt) throw orderTrashed();
};

/** PUT /orders/{id}/notes: the notes become these (any status; the channel's later notes replace them again). */
export function replaceNotes(order: Order, notes: string): Change {
  live(order);
  const next = { ...order, notes };
  return { state: next, result: next };
}

/** PUT /orders/{id}/shipping-address: stored exactly as given. */
export function replaceShippingAddress(order: Order, shippingAddress: Record<string, unknown>): Change {
  live(order);
  const next = { ...order, shippingAddress };
  return { state: next, result: next };
}

/** Soft delete, in any status; trashing a trashed order changes nothing. */
export function trashOrder(order: Order, now: Date): Change {
  if (order.deletedAt) return { result: order };
  const next = { ...order, deletedAt: now };
  return { state: next, result: next };
}

/** Restore from the trash; restoring a live order changes nothing. */
export function restoreOrder(order: Order): Change {
  if (!order.deletedAt) return { result: order };
  const next = { ...order, deletedAt: null };
  return { state: next, result: next };
}
