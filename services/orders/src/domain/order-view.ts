import type { Order as OrderWire, Shipment, StorefrontOrder } from '@stockyard/contracts';
import { lineTotalCents, type Order, type OrderFulfilment, type ShipmentRecord } from './order';
import { fulfilmentOf } from './order-fulfilment';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

const lineView = (l: Order['lines'][number], fulfilment: OrderFulfilment) => ({
  id: l.id,
  channelLineId: l.channelLineId,
  sku: l.sku,
  variantId: l.variantId,
  productType: l.productType,
  name: l.name,
  quantity: l.quantity,
  unitPrice: l.unitPrice,
  total: lineTotalCents(l) / 100,
  shippedQuantity: l.shippedQuantity,
  fulfilledQuantity: fulfilment.lines[l.id]?.quantity ?? 0,
  fulfillmentStatus: fulfilment.lines[l.id]?.status ?? 'UNFULFILLED',
});

/** The order's wire shape (what the routes answer). */
export function orderView(o: Order): OrderWire {
  const fulfilment = fulfilmentOf(o);
  return {
    id: o.id,
    channelId: o.channelId,
    channelOrderId: o.channelOrderId,
    channelPlatform: o.channelPlatform,
    status: o.status,
    channelStatus: o.channelStatus,
    orderedAt: iso(o.orderedAt)!,
    currency: o.currency,
    customer: o.customer,
    shippingAddress: o.shippingAddress,
    notes: o.notes,
    lines: o.lines.map((l) => lineView(l, fulfilment)),
    lineCount: o.lineCount,
    quantity: o.quantity,
    total: o.total,
    blockedOnBuild: o.blockedOnBuild,
    shipmentIds: o.shipments.map((s) => s.id),
    fulfillmentStatus: fulfilment.status,
    fulfilledAt: iso(fulfilment.fulfilledAt),
    syncedAt: iso(o.syncedAt),
    createdAt: iso(o.createdAt)!,
    updatedAt: iso(o.updatedAt)!,
    deletedAt: iso(o.deletedAt),
  };
}

export const historyView = (o: Order) => ({
  data: o.history.map((h) => ({ from: h.from, to: h.to, source: h.source, at: iso(h.at)!, note: h.note })),
});

/** A shipment as GET /shipments answers it, with its lines' variants and SKUs. */
export function shipmentView(o: Pick<Order, 'id' | 'channelId' | 'lines'>, s: ShipmentRecord): Shipment {
  const lines = new Map(o.lines.map((l) => [l.id, l]));
  return {
    id: s.id,
    orderId: o.id,
    channelId: o.channelId,
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    trackingUrl: s.trackingUrl,
    shippedAt: iso(s.shippedAt)!,
    lines: s.lines.map((l) => ({
      lineId: l.lineId,
      variantId: lines.get(l.lineId)?.variantId ?? null,
      sku: lines.get(l.lineId)?.sku ?? null,
      quantity: l.quantity,
    })),
    createdAt: iso(s.createdAt)!,
  };
}

/** What the shopper sees of the order a checkout made. */
export function storefrontOrderView(o: Order): StorefrontOrder {
  return {
    id: o.id,
    channelOrderId: o.channelOrderId,
    status: o.status,
    currency: o.currency,
    lines: o.lines.map((l) => ({
      id: l.id,
      variantId: l.variantId,
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      total: lineTotalCents(l) / 100,
    })),
    total: o.total,
    email: o.customer.email,
    shippingAddress: o.shippingAddress,
    createdAt: iso(o.createdAt)!,
  };
}
