import { addQuantities, QUANTITY_SCALE, subtractQuantities, toUnits } from '@stockyard/contracts';
import type { FulfillmentStatus, OrderChangeSource, OrderStatus, ProductType } from '@stockyard/contracts';

/**
 * A line of a sales order: what the channel sold, linked to a catalog variant when its
 * `variantId` or SKU named one (null until then). Lines keep their own ids from the first
 * time the order arrives, so the reservations issue can hold stock per line.
 */
export interface OrderLine {
  id: string;
  /** The channel's id of the line (a feed's `lineId`); null when it sent none. */
  channelLineId: string | null;
  sku: string | null;
  variantId: string | null;
  /** The linked variant's product type when it was linked (ASSEMBLY lines can block on a build). */
  productType: ProductType | null;
  name: string | null;
  quantity: number;
  unitPrice: number | null;
  shippedQuantity: number;
}

export interface StatusChange {
  from: OrderStatus | null;
  to: OrderStatus;
  source: OrderChangeSource;
  at: Date;
  note: string | null;
}

export interface ShipmentRecord {
  id: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: Date;
  lines: { lineId: string; quantity: number }[];
  createdAt: Date;
}

/** A line's fulfilment as its holds show it (domain/order-fulfilment.ts). */
export interface LineFulfilment {
  /** The quantity whose stock fulfilment deducted. */
  quantity: number;
  status: FulfillmentStatus;
}

/**
 * What fulfilment has done to the order, computed from its holds (domain/order-fulfilment.ts)
 * and stored so that lists filter on it.
 */
export interface OrderFulfilment {
  status: FulfillmentStatus;
  /** When the order became FULFILLED; null while it is not. */
  fulfilledAt: Date | null;
  /** A fulfil or restore-and-fulfil call was made (lines that hold no stock read FULFILLED after one). */
  called: boolean;
  /** By line id, the lines with something to show; any other line reads 0, UNFULFILLED. */
  lines: Record<string, LineFulfilment>;
}

export interface OrderCustomer {
  name: string | null;
  email: string | null;
  phone: string | null;
}

export interface Order {
  id: string;
  orgId: string;
  version: number;
  channelId: string;
  channelPlatform: string;
  channelOrderId: string;
  status: OrderStatus;
  /** The status text the channel last reported, as sent. */
  channelStatus: string | null;
  orderedAt: Date;
  currency: string | null;
  customer: OrderCustomer;
  shippingAddress: Record<string, unknown> | null;
  notes: string | null;
  /** The notes the channel last sent: a later sync replaces ours only when the channel's change. */
  channelNotes: string | null;
  lines: OrderLine[];
  history: StatusChange[];
  shipments: ShipmentRecord[];
  /** Derived from the lines on every change (orderTotals): stored for lists, stats and sorting. */
  lineCount: number;
  quantity: number;
  total: number;
  /** Open with an ASSEMBLY line wanting more than the assembly's available stock (derived.ts). */
  blockedOnBuild: boolean;
  /** Absent on an order stored before fulfilment was shown: it reads as nothing fulfilled until computed. */
  fulfilment?: OrderFulfilment;
  /** Available stock of the order's ASSEMBLY variants as inventory last told us (its availability events). */
  assemblyStock: Record<string, number>;
  /** The channel's `updatedAt` of the version last applied (a feed's): an older one is not applied again. */
  channelUpdatedAt: Date | null;
  syncedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export type NewOrder = Omit<Order, 'version' | 'createdAt' | 'updatedAt'>;

/** Ordered − shipped. */
export const unshippedOf = (line: OrderLine) => subtractQuantities(line.quantity, line.shippedQuantity);

/** quantity × unitPrice in cents, rounded half up to the cent; 0 without a price. */
export const lineTotalCents = (line: Pick<OrderLine, 'quantity' | 'unitPrice'>) =>
  line.unitPrice === null
    ? 0
    : Math.round((toUnits(line.quantity) * Math.round(line.unitPrice * 100)) / QUANTITY_SCALE);

/** The order with its derived figures recomputed from its lines. */
export function withTotals<T extends Pick<Order, 'lines'>>(
  order: T,
): T & Pick<Order, 'lineCount' | 'quantity' | 'total'> {
  const cents = order.lines.reduce((sum, l) => sum + lineTotalCents(l), 0);
  return {
    ...order,
    lineCount: order.lines.length,
    quantity: addQuantities(...order.lines.map((l) => l.quantity)),
    total: cents / 100,
  };
}

/** Finished: nothing more ships, nothing is held (SHIPPED, DELIVERED, CANCELLED). */
const FINISHED: readonly OrderStatus[] = ['SHIPPED', 'DELIVERED', 'CANCELLED'];
export const isFinished = (order: Pick<Order, 'status'>) => FINISHED.includes(order.status);
