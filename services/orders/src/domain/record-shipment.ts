import { addQuantities } from '@stockyard/contracts';
import type { CreateShipment, EventEnvelope } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { moveTo } from './change-status';
import { derived } from './derived';
import { hasUnshipped } from './merge-lines';
import { unshippedOf, type Order, type ShipmentRecord } from './order';
import { lineNotFound, nothingToShip, orderTrashed, overShipment } from './order.errors';
import { shipped } from './order-events';

/** Statuses in which a shipment is recorded without a status change (the channel said so first). */
const ALREADY_SHIPPED: readonly Order['status'][] = ['SHIPPED', 'DELIVERED'];

/** The shipment's lines: those asked (each within what is left to ship), or every line's rest. */
function linesOf(order: Order, asked: CreateShipment['lines']): ShipmentRecord['lines'] {
  if (!asked) {
    const rest = order.lines.filter((l) => unshippedOf(l) > 0).map((l) => ({ lineId: l.id, quantity: unshippedOf(l) }));
    if (rest.length === 0) throw nothingToShip();
    return rest;
  }
  return asked.map(({ lineId, quantity }) => {
    const line = order.lines.find((l) => l.id === lineId);
    if (!line) throw lineNotFound(lineId);
    if (quantity > unshippedOf(line)) throw overShipment(lineId, unshippedOf(line), quantity);
    return { lineId, quantity };
  });
}

/**
 * POST /orders/{id}/shipments: records what left, never more than was ordered; the order moves
 * to PARTIALLY_SHIPPED or SHIPPED by the table (source `shipment`; a CANCELLED order cannot
 * ship: 409), or stays SHIPPED/DELIVERED when the channel said so before; `order.shipped`.
 */
export function recordShipment(
  order: Order,
  input: CreateShipment,
  shipmentId: string,
  now: Date,
): Decision<Order, { order: Order; shipment: ShipmentRecord }> {
  // The request's run after a crash (its ids are its Idempotency-Key's): recorded already.
  const earlier = order.shipments.find((s) => s.id === shipmentId);
  if (earlier) return { result: { order, shipment: earlier } };
  if (order.deletedAt) throw orderTrashed();
  const shipment: ShipmentRecord = {
    id: shipmentId,
    carrier: input.carrier ?? null,
    trackingNumber: input.trackingNumber ?? null,
    trackingUrl: input.trackingUrl ?? null,
    shippedAt: input.shippedAt ?? now,
    lines: linesOf(order, input.lines),
    createdAt: now,
  };
  const shippedOf = new Map(shipment.lines.map((l) => [l.lineId, l.quantity]));
  const lines = order.lines.map((l) =>
    shippedOf.has(l.id) ? { ...l, shippedQuantity: addQuantities(l.shippedQuantity, shippedOf.get(l.id)!) } : l,
  );
  let next = derived({ ...order, lines, shipments: [...order.shipments, shipment] });
  const events: EventEnvelope[] = [];
  if (!ALREADY_SHIPPED.includes(order.status)) {
    const moved = moveTo(next, hasUnshipped(lines) ? 'PARTIALLY_SHIPPED' : 'SHIPPED', 'shipment', null, now);
    next = moved.order;
    events.push(...moved.events);
  }
  events.unshift(shipped(next, shipment));
  return { state: next, events, result: { order: next, shipment } };
}
