import type { EventEnvelope, OrderChangeSource, OrderStatus } from '@stockyard/contracts';
import { derived } from './derived';
import { noCustomer, type IncomingOrder } from './incoming-order';
import type { NewOrder, Order } from './order';
import { created } from './order-events';
import { NOTHING_FULFILLED } from './order-fulfilment';

interface NewOrderInput {
  id: string;
  orgId: string;
  channel: { id: string; platform: string };
  incoming: IncomingOrder;
  /** The status when the channel says none (PROCESSING for a push, PENDING for a checkout). */
  defaultStatus: OrderStatus;
  source: OrderChangeSource;
  lineId: () => string;
  assemblyStock: Record<string, number>;
  now: Date;
  /** A note for the history's first entry and the notes (a channel status we could not map). */
  note?: string | null;
}

/** A new order from what its channel sent, with `order.created`; its history starts with its status. */
export function newOrder(input: NewOrderInput): { state: NewOrder; events: EventEnvelope[] } {
  const { incoming, now } = input;
  const status = incoming.status ?? input.defaultStatus;
  const state = derived({
    id: input.id,
    orgId: input.orgId,
    version: 1,
    channelId: input.channel.id,
    channelPlatform: input.channel.platform,
    channelOrderId: incoming.channelOrderId,
    status,
    channelStatus: incoming.channelStatus ?? null,
    orderedAt: incoming.orderedAt ?? now,
    currency: incoming.currency ?? null,
    customer: incoming.customer ?? noCustomer(),
    shippingAddress: incoming.shippingAddress ?? null,
    // A note of ours (a status we could not map) goes beside the channel's notes, not into them.
    notes: input.note ? [incoming.notes, input.note].filter(Boolean).join('\n') : (incoming.notes ?? null),
    channelNotes: incoming.notes ?? null,
    lines: incoming.lines.map((l) => ({ ...l, id: input.lineId(), shippedQuantity: 0 })),
    history: [{ from: null, to: status, source: input.source, at: now, note: input.note ?? null }],
    shipments: [],
    lineCount: 0,
    quantity: 0,
    total: 0,
    blockedOnBuild: false,
    fulfilment: NOTHING_FULFILLED,
    assemblyStock: input.assemblyStock,
    channelUpdatedAt: incoming.channelUpdatedAt ?? null,
    syncedAt: now,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  } satisfies Order);
  const { version: _v, createdAt: _c, updatedAt: _u, ...fields } = state;
  return { state: fields, events: [created(state)] };
}
