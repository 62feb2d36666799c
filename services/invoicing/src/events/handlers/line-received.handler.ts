import type { TypedEvent } from '@stockyard/contracts';
import { refreshReceived } from '../../domain/receipt-refresh';
import type { SettingsReads } from '../../peers/org-settings';
import type { InvoiceReads, InvoiceStore } from '../../store/invoice.repository';

/**
 * `purchase_order.line_received` (purchasing's internal event): the variances of invoice lines
 * matched to the received line follow the goods in (domain/receipt-refresh.ts). Idempotent: the
 * refresh is by the line's received total, which a replay does not move again.
 */
export const lineReceivedHandler =
  (store: InvoiceStore, reads: InvoiceReads, settings: SettingsReads) =>
  async ({ payload }: TypedEvent<'purchase_order.line_received'>): Promise<void> => {
    const matched = (await reads.ofPurchaseOrder(payload.orgId, payload.purchaseOrderId)).filter((inv) =>
      inv.lines.some((l) => l.purchaseOrderLineId === payload.lineId),
    );
    if (matched.length === 0) return;
    const { tolerance } = await settings.settings(payload.orgId);
    // Variances only: no total, status or number moves, so the projections have nothing to update.
    const outcomes = await store.changeMany(
      payload.orgId,
      matched.map((inv) => inv.id),
      (current) => refreshReceived(current, payload, tolerance),
    );
    const failed = [...outcomes.values()].find((o) => !o.ok);
    if (failed && !failed.ok) throw failed.error;
  };
