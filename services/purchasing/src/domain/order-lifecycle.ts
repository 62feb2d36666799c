import type { Decision } from '@stockyard/service-kit';
import type { PurchaseOrder } from './purchase-order';
import { noLines, receiptPending, receiptsExist, trashed } from './purchase-order.errors';
import { statusChanged } from './purchase-order-events';
import { purchaseOrderStates, type PurchaseOrderTrigger } from './purchase-order-states';

type Change = Decision<PurchaseOrder, PurchaseOrder>;

/** The one gate of every change but restore: not trashed, and the table allows the trigger. */
export function allowed(po: PurchaseOrder, trigger: PurchaseOrderTrigger): PurchaseOrder['status'] {
  if (po.deletedAt) throw trashed();
  return purchaseOrderStates.next(po.status, trigger);
}

const moved = (po: PurchaseOrder, next: PurchaseOrder): Change => ({
  state: next,
  events: statusChanged(po, next),
  result: next,
});

export function submitPurchaseOrder(po: PurchaseOrder, now: Date): Change {
  const status = allowed(po, 'submit');
  if (po.lines.length === 0) throw noLines();
  return moved(po, { ...po, status, submittedAt: now });
}

/** Cancel: only before anything was received, or is being received. */
export function cancelPurchaseOrder(po: PurchaseOrder, now: Date): Change {
  const status = allowed(po, 'cancel');
  if (po.receipts.some((r) => r.status !== 'rejected')) throw receiptsExist();
  return moved(po, { ...po, status, cancelledAt: now });
}

/** Short-close: a partially received order stops waiting for the rest; not while a receipt is pending. */
export function closePurchaseOrder(po: PurchaseOrder, now: Date): Change {
  const status = allowed(po, 'close');
  if (po.pendingReceipts) throw receiptPending();
  return moved(po, { ...po, status, closedAt: now });
}

/** Reopen a short-closed order: the rest is awaited again, received as before (on order again). */
export function reopenPurchaseOrder(po: PurchaseOrder): Change {
  const status = allowed(po, 'reopen');
  return moved(po, { ...po, status, closedAt: null });
}

/** Soft delete (DRAFT and CANCELLED orders); deleting a trashed order again changes nothing. */
export function trashPurchaseOrder(po: PurchaseOrder, now: Date): Change {
  if (po.deletedAt) return { result: po };
  purchaseOrderStates.next(po.status, 'delete');
  const next = { ...po, deletedAt: now };
  return { state: next, result: next };
}

/** Restore from the trash; restoring a live order changes nothing. */
export function restorePurchaseOrder(po: PurchaseOrder): Change {
  if (!po.deletedAt) return { result: po };
  const next = { ...po, deletedAt: null };
  return { state: next, result: next };
}
