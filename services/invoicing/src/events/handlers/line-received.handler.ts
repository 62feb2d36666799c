import type { TypedEvent } from '@stockyard/contracts';
import { withVarianceEvent } from '../../domain/invoice-variance-applied';
import { refreshReceived } from '../../domain/receipt-refresh';
import type { SettingsReads } from '../../peers/org-settings';
import type { PurchaseOrderReads } from '../../peers/purchase-orders';
import type { InvoiceReads, InvoiceStore } from '../../store/invoice.repository';

/**
 * `purchase_order.line_received` (purchasing's internal event): the variances of invoice lines
 * matched to the received line follow the goods in (domain/receipt-refresh.ts). Idempotent: the
 * refresh is by the line's received total, which a replay does not move again.
 */
export const lineReceivedHandler =
  (store: InvoiceStore, reads: InvoiceReads, settings: SettingsReads, orders: PurchaseOrderReads) =>
  async ({ payload }: TypedEvent<'purchase_order.line_received'>): Promise<void> => {
    const matched = (await reads.ofPurchaseOrder(payload.orgId, payload.purchaseOrderId)).filter((inv) =>
      inv.lines.some((l) => l.purchaseOrderLineId === payload.lineId),
    );
    if (matched.length === 0) return;
    // A payable invoice's cost variance moves when the line's unit cost changed since it was matched:
    // the order is read once, for that event.
    const [{ tolerance }, po] = await Promise.all([
      settings.settings(payload.orgId),
      orders.order(payload.orgId, payload.purchaseOrderId),
    ]);
    // Variances only: no total, status or number moves, so the projections have nothing to update.
    const outcomes = await store.changeMany(
      payload.orgId,
      matched.map((inv) => inv.id),
      (current) => withVarianceEvent(current, refreshReceived(current, payload, tolerance), po),
    );
    const failed = [...outcomes.values()].find((o) => !o.ok);
    if (failed && !failed.ok) throw failed.error;
  };
