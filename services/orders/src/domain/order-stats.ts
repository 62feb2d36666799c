import type { OrderStatus } from '@stockyard/contracts';
import { lineTotalCents, type Order } from './order';

/** What one order adds to its channel's figures in its status: trashed orders add nothing. */
export interface Contribution {
  channelId: string;
  status: OrderStatus;
  orders: number;
  lines: number;
  cents: number;
}

function contributionOf(order: Order | null): Contribution | null {
  if (!order || order.deletedAt) return null;
  const cents = order.lines.reduce((sum, l) => sum + lineTotalCents(l), 0);
  return { channelId: order.channelId, status: order.status, orders: 1, lines: order.lines.length, cents };
}

/** The local event that moves an order's contribution between stats buckets (never published). */
export const STATS_CHANGED = 'order.stats_changed';

const same = (a: Contribution | null, b: Contribution | null) => JSON.stringify(a) === JSON.stringify(b);

/** The stats update a change needs (`order.stats_changed`'s payload): none when the order's contribution stayed. */
export function statsUpdatesFor(before: Order | null, after: Order): Record<string, unknown>[] {
  const from = contributionOf(before);
  const to = contributionOf(after);
  return same(from, to) ? [] : [{ orderId: after.id, from, to }];
}
