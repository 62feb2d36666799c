import type { OrderChangeSource, OrderStatus } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { derived } from './derived';
import type { Order, StatusChange } from './order';
import { orderTrashed } from './order.errors';
import { statusChanged } from './order-events';
import { orderStates, TRIGGER_TO } from './order-states';

interface Moved {
  order: Order;
  events: ReturnType<typeof statusChanged>[];
}

/**
 * The one step every status change takes: the table allows it (409 `invalid_status_transition`
 * otherwise), the history gains an entry, `order.status_changed` names who did it. Moving to the
 * status the order has changes nothing.
 */
export function moveTo(order: Order, to: OrderStatus, source: OrderChangeSource, note: string | null, at: Date): Moved {
  if (to === order.status) return { order, events: [] };
  const status = orderStates.next(order.status, TRIGGER_TO[to]);
  const change: StatusChange = { from: order.status, to: status, source, at, note };
  const next = derived({ ...order, status, history: [...order.history, change] });
  return { order: next, events: [statusChanged(next, change)] };
}

/** PUT /orders/{id}/status and each order of the bulk route: not in the trash, then the table. */
export function setStatus(
  order: Order,
  to: OrderStatus,
  source: OrderChangeSource,
  note: string | null,
  now: Date,
): Decision<Order, Order> {
  if (order.deletedAt) throw orderTrashed();
  const moved = moveTo(order, to, source, note, now);
  return { state: moved.order, events: moved.events, result: moved.order };
}
