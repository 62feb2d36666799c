import type { ReservationStatusAnswer } from '@stockyard/contracts';
import { shortOf, type Hold } from './hold';
import type { Order } from './order';

/** Statuses whose orders should hold stock for every linked line. */
export const HOLDING_STATUSES = ['PENDING', 'PROCESSING', 'ON_HOLD'] as const;

/** A BUNDLE's leaves per unit (the catalog's, nested kits flattened). */
export type LeavesOf = Map<string, { variantId: string; quantity: number }[]>;

/**
 * Whether every hold the order should have exists (GET …/reservations/status): each linked line
 * of an order still to fulfil wants its unshipped quantity held, a BUNDLE's line as leaf holds (its
 * leaves × the quantity; a kit-level hold does not count); a hold CANCELLED does not count.
 */
export function completeness(order: Order, holds: Hold[], leavesOf: LeavesOf): ReservationStatusAnswer {
  const missing: ReservationStatusAnswer['missing'] = [];
  const live = holds.filter((h) => h.status !== 'CANCELLED');
  if ((HOLDING_STATUSES as readonly string[]).includes(order.status) && !order.deletedAt) {
    for (const line of order.lines) {
      const want = line.quantity - line.shippedQuantity;
      if (!line.variantId || want <= 0) continue;
      const leaves = line.productType === 'BUNDLE' ? (leavesOf.get(line.variantId) ?? []) : null;
      const wanted = leaves
        ? leaves.map((l) => ({ variantId: l.variantId, quantity: l.quantity * want }))
        : [{ variantId: line.variantId, quantity: want }];
      for (const w of wanted) {
        const held = live
          .filter((h) => h.lineId === line.id && !h.kitLevel && h.variantId === w.variantId)
          .reduce((sum, h) => sum + h.quantity, 0);
        if (held < w.quantity) missing.push({ lineId: line.id, variantId: w.variantId, quantity: w.quantity - held });
      }
    }
  }
  const short = holds
    .filter((h) => shortOf(h) > 0)
    .map((h) => ({ reservationId: h.id, variantId: h.variantId, quantity: shortOf(h) }));
  return { orderId: order.id, complete: missing.length === 0, missing, short };
}
