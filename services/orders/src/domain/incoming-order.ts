import type { OrderStatus } from '@stockyard/contracts';
import type { OrderCustomer, OrderLine } from './order';

/** A line as a channel sends it, once linked to a variant (or not: `variantId` null). */
export type IncomingLine = Omit<OrderLine, 'id' | 'shippedQuantity'>;

/**
 * An order as a channel sends it (an API push, a feed's order, a checkout), its lines linked.
 * A field left undefined was not sent: applying the order again leaves ours as it is.
 */
export interface IncomingOrder {
  channelOrderId: string;
  /** Our status for what the channel said; undefined when it said nothing we map. */
  status?: OrderStatus;
  /** The channel's own status text, as sent. */
  channelStatus?: string;
  orderedAt?: Date;
  /** The channel's `updatedAt` of this version (feeds): an older version is not applied. */
  channelUpdatedAt?: Date;
  currency?: string | null;
  lines: IncomingLine[];
  shippingAddress?: Record<string, unknown> | null;
  notes?: string | null;
  customer?: OrderCustomer | null;
}

export const noCustomer = (): OrderCustomer => ({ name: null, email: null, phone: null });
