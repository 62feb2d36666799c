import type { OrderStatus } from '@stockyard/contracts';

/**
 * A feed's free-text status mapped to ours (README, "Feed statuses"): compared trimmed, in any
 * case, with spaces and hyphens as underscores. Anything else maps to nothing: the order keeps
 * its status, and the text is kept as a note and in `channelStatus` (never a failure).
 */
const FEED_STATUSES: Record<string, OrderStatus> = {
  pending: 'PENDING',
  new: 'PENDING',
  awaiting_payment: 'PENDING',
  unpaid: 'PENDING',
  processing: 'PROCESSING',
  paid: 'PROCESSING',
  confirmed: 'PROCESSING',
  accepted: 'PROCESSING',
  open: 'PROCESSING',
  unfulfilled: 'PROCESSING',
  ready_to_ship: 'PROCESSING',
  on_hold: 'ON_HOLD',
  held: 'ON_HOLD',
  partially_shipped: 'PARTIALLY_SHIPPED',
  partially_fulfilled: 'PARTIALLY_SHIPPED',
  shipped: 'SHIPPED',
  fulfilled: 'SHIPPED',
  in_transit: 'SHIPPED',
  completed: 'SHIPPED',
  delivered: 'DELIVERED',
  cancelled: 'CANCELLED',
  canceled: 'CANCELLED',
  voided: 'CANCELLED',
  declined: 'CANCELLED',
};

export const feedStatusKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

export const mapFeedStatus = (text: string): OrderStatus | undefined => FEED_STATUSES[feedStatusKey(text)];
