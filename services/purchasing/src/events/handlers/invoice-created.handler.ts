import type { TypedEvent } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import type { PurchaseOrderCommands } from '../../commands/purchase-order-commands';

/**
 * `invoice.created` of an order's invoice marks the order invoiced (the list's `hasInvoice`).
 * Idempotent (an invoice is noted once); an invoice of an order this service does not have
 * (another organization's id, a standalone invoice) is skipped.
 */
export const invoiceCreatedHandler =
  (commands: PurchaseOrderCommands) =>
  async ({ payload }: TypedEvent<'invoice.created'>): Promise<void> => {
    if (!payload.purchaseOrderId) return;
    try {
      await commands.noteInvoice(payload.orgId, payload.purchaseOrderId, payload.invoiceId);
    } catch (err) {
      if (err instanceof AppError && err.type === 'not_found') return;
      throw err;
    }
  };
