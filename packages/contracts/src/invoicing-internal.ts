import { z } from 'zod';
import { idSchema } from './ids';
import { INVOICE_TYPES } from './invoices';

const id = idSchema();

/**
 * One purchase-order line's cost from a landed cost or an invoice's variances at a revision: its
 * whole amount then (0 after a deletion or withdrawal), not the change, so a consumer applies the
 * difference from what it applied and ignores a revision not newer than its own. `origin` in
 * inventory is `<purchaseOrderId>:<lineId>`; `warehouseId` is the order's (its receipts go there);
 * `receivedQuantity` the line's then (what is on hand of it is inventory's to tell, the rest is sold).
 */
const OrderLineCostSchema = z.object({
  purchaseOrderId: id,
  lineId: id,
  variantId: id,
  warehouseId: id,
  receivedQuantity: z.number(),
  amountCents: z.number().int(),
});

/** The lines whose amount changed at this revision (the landed cost's version after the write). */
const LandedCostAppliedSchema = z.object({
  orgId: id,
  landedCostId: id,
  revision: z.number().int().positive(),
  lines: z.array(OrderLineCostSchema),
});

/**
 * An invoice's cost variances per purchase-order line at a revision (the invoice's version after
 * the write): each line's whole variance in cents while the invoice is payable (OUTSTANDING,
 * APPROVED, PAID), 0 once it is not (disputed, reopened to DRAFT, trashed) or the line unmatched.
 */
const InvoiceVarianceAppliedSchema = z.object({
  orgId: id,
  invoiceId: id,
  revision: z.number().int().positive(),
  lines: z.array(OrderLineCostSchema),
});

/**
 * Invoicing's internal events (never webhooks). `invoice.trashed` / `invoice.restored`: a
 * DRAFT invoice went to the trash or came back, so purchasing's `hasInvoice` read model (kept
 * from `invoice.created`) forgets or notes it again. `invoice.accounting_push_released`: the
 * bill is released to the organization's accounting system (setting `accountingPush`), for
 * a connector to post; once per invoice. `landed_cost.applied`: a landed cost's allocation over
 * its order's lines changed (allocated, re-allocated, deleted), for inventory to put on the lines'
 * cost layers; see `LandedCostAppliedSchema`. `invoice_variance.applied`: an invoice's matched cost
 * variances that count moved, the same way; see `InvoiceVarianceAppliedSchema`.
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
  'landed_cost.applied': LandedCostAppliedSchema,
  'invoice_variance.applied': InvoiceVarianceAppliedSchema,
} as const;
export type InvoiceTrashed = z.infer<(typeof INVOICING_INTERNAL_EVENTS)['invoice.trashed']>;
export type AccountingPushReleased = z.infer<(typeof INVOICING_INTERNAL_EVENTS)['invoice.accounting_push_released']>;
export type LandedCostApplied = z.infer<typeof LandedCostAppliedSchema>;
export type OrderLineCost = z.infer<typeof OrderLineCostSchema>;
