import type { FeedOrder } from '@stockyard/contracts';
import { unmappedStatusNote } from './apply-channel-order';
import { mapFeedStatus } from './feed-status-map';

/** A feed's order as lines to link and the order around them (IncomingOrder less its linked lines). */
export function fromFeed(order: FeedOrder) {
  const status = mapFeedStatus(order.status);
  return {
    lines: order.lines.map((l) => ({
      channelLineId: l.lineId,
      sku: l.sku ?? null,
      quantity: l.quantity,
      unitPrice: l.unitPrice ?? null,
    })),
    incoming: {
      channelOrderId: order.channelOrderId,
      status,
      channelStatus: order.status,
      orderedAt: new Date(order.createdAt),
      channelUpdatedAt: new Date(order.updatedAt),
      currency: order.currency?.toUpperCase(),
      shippingAddress: order.shippingAddress,
      notes: order.notes,
    },
    /** The note a new order keeps when the feed's status maps to none of ours. */
    note: status ? null : unmappedStatusNote(order.status, 'PENDING'),
  };
}
