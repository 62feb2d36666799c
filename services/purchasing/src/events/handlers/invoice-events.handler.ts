import type { TypedEvent } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import type { PurchaseOrderCommands } from '../../commands/purchase-order-commands';

type InvoiceEvent = TypedEvent<'invoice.created' | 'invoice.trashed' | 'invoice.restored'>;

/**
 * Invoicing's invoices of an order keep its `hasInvoice` (the list's filter): `invoice.created`
 * and `invoice.restored` note the invoice, `invoice.trashed` forgets it. Idempotent (an invoice is
 * noted or forgotten once); an invoice of an order this service does not have (another
 * organization's id, a standalone memo) is skipped. A trash and a restore arriving out of order
 * can leave the order's mark stale until the invoice's next trash or restore: invoicing only
 * trashes DRAFT invoices, and each is its own user action.
 */
export const invoiceEventsHandler =
  (commands: PurchaseOrderCommands) =>
  async ({ name, payload }: InvoiceEvent): Promise<void> => {
    if (!payload.purchaseOrderId) return;
    try {
      if (name === 'invoice.trashed')
        await commands.forgetInvoice(payload.orgId, payload.purchaseOrderId, payload.invoiceId);
      else await commands.noteInvoice(payload.orgId, payload.purchaseOrderId, payload.invoiceId);
    } catch (err) {
      if (err instanceof AppError && err.type === 'not_found') return;
      throw err;
    }
  };
