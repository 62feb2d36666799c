import type { Decision } from '@stockyard/service-kit';
import type { Invoice } from './invoice';
import { invoiceTable } from './invoice-states';
import { matchedLine, type Tolerance } from './line-matching';
import { toUnits } from '@stockyard/contracts';

/** A receipt of a purchase-order line as purchasing's `purchase_order.line_received` tells it. */
interface LineReceipt {
  lineId: string;
  variantId: string;
  unitCost: number;
  /** The line's received quantity after the receipt. */
  receivedQuantity: number;
}

/**
 * Goods arrived after an invoice was matched: the quantity variance of each line matched to the
 * received PO line is computed again, while the invoice can still be matched (before it is approved
 * or paid: approved variances stay as approved). Received quantities only grow, so an older receipt
 * arriving late changes nothing.
 */
export function refreshReceived(inv: Invoice, receipt: LineReceipt, tolerance: Tolerance): Decision<Invoice> {
  if (inv.deletedAt || !invoiceTable.can(inv.status, 'match')) return {};
  const stale = (line: Invoice['lines'][number]) =>
    line.purchaseOrderLineId === receipt.lineId &&
    toUnits(line.receivedQuantity ?? 0) < toUnits(receipt.receivedQuantity);
  if (!inv.lines.some(stale)) return {};
  const basis = { ...receipt, id: receipt.lineId, skus: [] };
  return { state: { ...inv, lines: inv.lines.map((l) => (stale(l) ? matchedLine(l, basis, tolerance) : l)) } };
}
