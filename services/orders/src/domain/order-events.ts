import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import type { Order, ShipmentRecord, StatusChange } from './order';

export const created = (order: Pick<Order, 'orgId' | 'id' | 'channelId'>): EventEnvelope =>
  newEvent('order.created', { orgId: order.orgId, channelId: order.channelId, orderId: order.id });

export const statusChanged = (order: Order, change: StatusChange): EventEnvelope =>
  newEvent('order.status_changed', {
    orgId: order.orgId,
    orderId: order.id,
    channelId: order.channelId,
    channelOrderId: order.channelOrderId,
    fromStatus: change.from!,
    toStatus: change.to,
    source: change.source,
  });

export const shipped = (order: Order, shipment: ShipmentRecord): EventEnvelope =>
  newEvent('order.shipped', {
    orgId: order.orgId,
    orderId: order.id,
    shipmentId: shipment.id,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    shippedAt: shipment.shippedAt.toISOString(),
  });
