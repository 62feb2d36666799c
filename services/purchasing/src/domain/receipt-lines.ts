import type { InternalReceiptLine } from '@stockyard/contracts';
import type { PurchaseOrder, ReceiptRecord } from './purchase-order';

/** When the receipt was applied (the stock in), or null while it is pending or after a rejection. */
const appliedAt = (r: ReceiptRecord) => (r.status === 'applied' && r.appliedAt ? new Date(r.appliedAt) : null);

/**
 * The order's receipts applied in [from, to) as peers read them (the purchase-spend report): each
 * with its line's variant and unit cost (lines are edited before any receipt only, so the cost a
 * receipt came in at is its line's), oldest first. Pending and rejected receipts moved nothing.
 */
export function receiptLinesOf(po: PurchaseOrder, from: Date, to: Date): InternalReceiptLine[] {
  const lines = new Map(po.lines.map((l) => [l.id, l]));
  return po.receipts
    .map((receipt) => ({ receipt, at: appliedAt(receipt), line: lines.get(receipt.lineId) }))
    .filter(({ at, line }) => line !== undefined && at !== null && at >= from && at < to)
    .sort((a, b) => a.at!.getTime() - b.at!.getTime())
    .map(({ receipt, at, line }) => ({
      purchaseOrderId: po.id,
      orderNumber: po.orderNumber,
      type: po.type,
      channelId: po.channelId,
      supplierName: po.supplierName,
      currency: po.currency,
      lineId: line!.id,
      receiptId: receipt.id,
      variantId: line!.variantId,
      quantity: receipt.quantity,
      unitCost: line!.unitCost,
      receivedAt: at!.toISOString(),
    }));
}
