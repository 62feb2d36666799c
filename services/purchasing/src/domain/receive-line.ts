import { addQuantities } from '@stockyard/contracts';
import type { ReceiveLine } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { allowed } from './order-lifecycle';
import { findLine } from './order-lines';
import { isFullyReceived, openQuantityOf, type PurchaseOrder, type ReceiptRecord } from './purchase-order';
import { overReceipt } from './purchase-order.errors';
import { lineReceived, statusChanged } from './purchase-order-events';
import { purchaseOrderStates } from './purchase-order-states';

export interface ReceiptRequest extends ReceiveLine {
  receiptId: string;
  /** A hash of the request's Idempotency-Key, if it had one. */
  requestKey: string | null;
}

/**
 * Step 1 of a receipt: records it `pending` against the line's open quantity (pending receipts
 * count), in the order's one write, so two receipts racing for the last units cannot both pass.
 * A request whose Idempotency-Key already recorded a receipt on the line takes that one up.
 */
export function recordReceipt(
  po: PurchaseOrder,
  lineId: string,
  request: ReceiptRequest,
  now: Date,
): Decision<PurchaseOrder, ReceiptRecord> {
  const line = findLine(po, lineId);
  const earlier = request.requestKey
    ? po.receipts.find((r) => r.lineId === lineId && r.requestKey === request.requestKey)
    : undefined;
  if (earlier) return { result: earlier };
  allowed(po, 'receive_part');
  const open = openQuantityOf(po, line);
  if (request.quantity > open) throw overReceipt(open, request.quantity);
  const receipt: ReceiptRecord = {
    id: request.receiptId,
    lineId,
    quantity: request.quantity,
    binId: request.binId ?? null,
    primaryBin: request.binId === undefined,
    status: 'pending',
    error: null,
    requestKey: request.requestKey,
    recordedAt: now,
    appliedAt: null,
  };
  const next = { ...po, receipts: [...po.receipts, receipt], pendingReceipts: true };
  return { state: next, result: receipt };
}

const stillPending = (po: PurchaseOrder, receiptId: string) =>
  po.receipts.find((r) => r.id === receiptId && r.status === 'pending');

const withReceipt = (
  po: PurchaseOrder,
  receipt: ReceiptRecord,
): Pick<PurchaseOrder, 'receipts' | 'pendingReceipts'> => {
  const receipts = po.receipts.map((r) => (r.id === receipt.id ? receipt : r));
  return { receipts, pendingReceipts: receipts.some((r) => r.status === 'pending') };
};

/**
 * Step 3, once inventory holds the stock (or at once for a DROPSHIP order): the receipt is
 * applied, the line's received quantity grows, and the status follows (`receive_all` when
 * every line is fully received, else `receive_part`). Applying an applied receipt changes nothing.
 */
export function applyReceipt(po: PurchaseOrder, receiptId: string, now: Date): Decision<PurchaseOrder, PurchaseOrder> {
  const receipt = stillPending(po, receiptId);
  if (!receipt) return { result: po };
  const applied: ReceiptRecord = { ...receipt, status: 'applied', appliedAt: now };
  const line = findLine(po, receipt.lineId);
  const received = { ...line, receivedQuantity: addQuantities(line.receivedQuantity, receipt.quantity) };
  const lines = po.lines.map((l) => (l.id === line.id ? received : l));
  const filled = { ...po, lines, ...withReceipt(po, applied) };
  const status = purchaseOrderStates.next(po.status, isFullyReceived(filled) ? 'receive_all' : 'receive_part');
  const next = { ...filled, status, receivedAt: status === 'RECEIVED' ? now : po.receivedAt };
  return {
    state: next,
    events: [lineReceived(next, received, applied, now), ...statusChanged(po, next)],
    result: next,
  };
}

/** Inventory refused the receipt (nothing moved): it is rejected and no longer holds open quantity. */
export function rejectReceipt(
  po: PurchaseOrder,
  receiptId: string,
  code: string,
): Decision<PurchaseOrder, PurchaseOrder> {
  const receipt = stillPending(po, receiptId);
  if (!receipt) return { result: po };
  const next = { ...po, ...withReceipt(po, { ...receipt, status: 'rejected', error: code }) };
  return { state: next, result: next };
}
