import type { AddTracking } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { allowed } from './order-lifecycle';
import { findLine } from './order-lines';
import { holdsLinked } from './purchase-order-events';
import type { PurchaseOrder } from './purchase-order';
import { reservationClosed, reservationVariantMismatch, unknownReservations } from './purchase-order.errors';

type Change = Decision<PurchaseOrder, PurchaseOrder>;

/** Adds a shipment's tracking (several per order), once the order went to the supplier. */
export function addTracking(po: PurchaseOrder, id: string, input: AddTracking, now: Date): Change {
  if (po.tracking.some((t) => t.id === id)) return { result: po }; // the request's run after a crash
  allowed(po, 'track');
  const tracking = { id, ...input, trackingUrl: input.trackingUrl ?? null, addedAt: now };
  const next = { ...po, tracking: [...po.tracking, tracking] };
  return { state: next, result: next };
}

/** A customer-order hold as the orders service describes it. */
export interface Hold {
  id: string;
  orderId: string | null;
  variantId: string;
  quantity: number;
  status: string;
  open: boolean;
}

/**
 * Links holds to a line: each must exist (`found`), hold the line's variant and still be open.
 * The write carries the local event that tells orders (a link sent again tells it again, and
 * changes nothing else).
 */
export function linkHolds(po: PurchaseOrder, lineId: string, ids: string[], found: Hold[]): Change {
  allowed(po, 'link_holds');
  const line = findLine(po, lineId);
  const byId = new Map(found.map((h) => [h.id, h]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw unknownReservations(missing);
  const otherVariant = ids.filter((id) => byId.get(id)!.variantId !== line.variantId);
  if (otherVariant.length) throw reservationVariantMismatch(otherVariant);
  const closed = ids.filter((id) => !byId.get(id)!.open);
  if (closed.length) throw reservationClosed(closed);
  const reservationIds = [...new Set([...line.reservationIds, ...ids])];
  const events = [holdsLinked(po, lineId, ids)];
  if (reservationIds.length === line.reservationIds.length) return { events, result: po };
  const next = { ...po, lines: po.lines.map((l) => (l.id === lineId ? { ...l, reservationIds } : l)) };
  return { state: next, events, result: next };
}
