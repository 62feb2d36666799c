import type { Decision } from '@stockyard/service-kit';
import { moveTo } from './change-status';
import { derived } from './derived';
import type { IncomingOrder } from './incoming-order';
import { mergeLines } from './merge-lines';
import { isFinished, type Order } from './order';
import { TRIGGER_TO, orderStates } from './order-states';

interface ApplyContext {
  now: Date;
  lineId: () => string;
  /** Available stock of the incoming ASSEMBLY lines' variants, freshly read. */
  assemblyStock: Record<string, number>;
}

/** What applying an order again did: `stale` when the channel sent an older version than the one applied. */
interface Applied {
  order: Order;
  stale: boolean;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A note kept for a channel status we cannot map (never a failure). */
export const unmappedStatusNote = (text: string, status: string) =>
  `Channel status "${text}" has no mapping; the status stays ${status}.`;
const appendNote = (notes: string | null, note: string) => (notes ? `${notes}\n${note}` : note).slice(-10_000);

/**
 * The channel sent an order we have again (a push again, a feed's changed order, a re-pull):
 * what it carries applies. Its status moves ours when the table allows it (source `channel`),
 * else only `channelStatus` records it; the address, customer and currency when sent; its
 * notes when they changed on the channel; the lines while the order is open (mergeLines).
 */
export function applyChannelOrder(order: Order, incoming: IncomingOrder, ctx: ApplyContext): Decision<Order, Applied> {
  const { now } = ctx;
  if (order.channelUpdatedAt && incoming.channelUpdatedAt && incoming.channelUpdatedAt < order.channelUpdatedAt)
    return { result: { order, stale: true } };
  let next: Order = { ...order, syncedAt: now };
  if (incoming.channelUpdatedAt) next.channelUpdatedAt = incoming.channelUpdatedAt;
  if (incoming.channelStatus !== undefined && incoming.channelStatus !== order.channelStatus) {
    next.channelStatus = incoming.channelStatus;
    if (!incoming.status) next.notes = appendNote(next.notes, unmappedStatusNote(incoming.channelStatus, order.status));
  }
  if (!isFinished(order)) next.lines = mergeLines(order.lines, incoming.lines, ctx.lineId);
  if (incoming.shippingAddress !== undefined && !sameJson(incoming.shippingAddress, order.shippingAddress))
    next.shippingAddress = incoming.shippingAddress;
  if (incoming.customer && !sameJson(incoming.customer, order.customer)) next.customer = incoming.customer;
  if (incoming.currency !== undefined && incoming.currency !== order.currency) next.currency = incoming.currency;
  if (incoming.notes !== undefined && incoming.notes !== order.channelNotes) {
    next.notes = incoming.notes;
    next.channelNotes = incoming.notes;
  }
  if (!sameJson({ ...order.assemblyStock, ...ctx.assemblyStock }, order.assemblyStock))
    next.assemblyStock = { ...order.assemblyStock, ...ctx.assemblyStock };
  next = derived(next);
  const events = [];
  if (incoming.status && orderStates.can(next.status, TRIGGER_TO[incoming.status])) {
    const moved = moveTo(next, incoming.status, 'channel', null, now);
    next = moved.order;
    events.push(...moved.events);
  }
  return { state: next, events, result: { order: next, stale: false } };
}
