import { z } from 'zod';
import { idSchema } from './ids';
import { INVOICE_TYPES } from './invoices';

const id = idSchema();

/**
 * Invoicing's internal events (never webhooks). `invoice.trashed` / `invoice.restored`: a
 * DRAFT invoice went to the trash or came back, so purchasing's `hasInvoice` read model (kept
 * from `invoice.created`) forgets or notes it again. `invoice.accounting_push_released`: the
 * bill is released to the organization's accounting system (setting `accountingPush`), for
 * a connector to post; once per invoice.
 */
export const INVOICING_INTERNAL_EVENTS = {
  'invoice.trashed': z.object({ orgId: id, invoiceId: id, purchaseOrderId: id.nullable() }),
  'invoice.restored': z.object({ orgId: id, invoiceId: id, purchaseOrderId: id.nullable() }),
  'invoice.accounting_push_released': z.object({
    orgId: id,
    invoiceId: id,
    invoiceType: z.enum(INVOICE_TYPES),
    invoiceNumber: z.string(),
    channelId: id,
    purchaseOrderId: id.nullable(),
    invoiceDate: z.string(),
    dueDate: z.string(),
    currency: z.string(),
    total: z.number(),
    /** What released it: the invoice becoming payable (`on_approve`) or its reconciliation (`on_reconcile`). */
    trigger: z.enum(['on_approve', 'on_reconcile']),
    releasedAt: z.string().datetime(),
  }),
} as const;
export type InvoiceTrashed = z.infer<(typeof INVOICING_INTERNAL_EVENTS)['invoice.trashed']>;
export type AccountingPushReleased = z.infer<(typeof INVOICING_INTERNAL_EVENTS)['invoice.accounting_push_released']>;
