import type { InvoiceStatus } from '@stockyard/contracts';
import { AppError, conflict } from '@stockyard/service-kit';
import type { InvoiceTrigger } from './invoice-states';

/** A 422 naming the field it is about. */
const rule = (field: string, code: string, message: string, detail = message) =>
  new AppError('unprocessable', message, code, [{ field, code, message: detail }]);

export const purchaseOrderRequired = () =>
  rule('purchaseOrderId', 'purchase_order_required', 'A standard invoice (INVOICE) needs a purchaseOrderId');
export const relatedInvoiceNotAllowed = () =>
  rule('relatedInvoiceId', 'related_invoice_not_allowed', 'Only credit and debit memos reference a related invoice');
export const unknownPurchaseOrder = (id: string) =>
  rule('purchaseOrderId', 'unknown_purchase_order', `Purchase order ${id} does not exist`, 'no live purchase order');
export const unknownRelatedInvoice = (id: string) =>
  rule('relatedInvoiceId', 'unknown_related_invoice', `Invoice ${id} is not a live standard invoice`);
export const purchaseOrderMismatch = () =>
  rule(
    'purchaseOrderId',
    'purchase_order_mismatch',
    "The purchase order differs from the related invoice's",
    "must be the related invoice's purchase order",
  );
export const vendorRequired = () =>
  rule('channelId', 'vendor_required', 'A standalone memo names its vendor: channelId (a source)');
export const vendorMismatch = () =>
  rule(
    'channelId',
    'vendor_mismatch',
    'channelId differs from the vendor of the purchase order or the related invoice',
    'must be the vendor of the purchase order or related invoice',
  );
export const unknownVendor = (channelId: string) =>
  rule('channelId', 'unknown_vendor', `Vendor ${channelId} is not a source of the organization`);
export const lineNotOnOrder = (poLineId: string) =>
  rule(
    'purchaseOrderLineId',
    'purchase_order_line_not_on_order',
    `Purchase order line ${poLineId} does not belong to the invoice's purchase order`,
  );
export const subtotalMismatch = (computed: number) =>
  rule('subtotal', 'subtotal_mismatch', `subtotal differs from the sum of the line totals (${computed})`);
export const totalMismatch = (computed: number) =>
  rule('total', 'total_mismatch', `total differs from subtotal + charges (${computed})`);
export const dueBeforeInvoiceDate = () =>
  rule('dueDate', 'due_date_before_invoice_date', 'dueDate cannot be before invoiceDate');
export const paymentWithoutPaid = () =>
  rule('markAsPaid', 'payment_without_mark_as_paid', 'Payment fields are recorded only with markAsPaid: true');
export const tooManyLines = (max: number) => rule('lines', 'too_many_lines', `An invoice has at most ${max} lines`);

export const invoiceNumberTaken = (value: string) =>
  new AppError(
    'conflict',
    `Invoice number ${value.slice(value.indexOf('/') + 1)} is already used by a live invoice of this vendor`,
    'invoice_number_taken',
    [{ field: 'invoiceNumber', code: 'invoice_number_taken', message: 'already used for this vendor' }],
  );

/** The edits only a DRAFT invoice takes, as their refusals say it. */
const DRAFT_EDITS = {
  update: 'an invoice can be edited only while DRAFT',
  edit_lines: 'lines can be edited only on a DRAFT invoice',
  delete: 'only a DRAFT invoice can be deleted',
} satisfies Partial<Record<InvoiceTrigger, string>>;
type DraftEdit = keyof typeof DRAFT_EDITS;
export const isDraftEdit = (trigger: InvoiceTrigger): trigger is DraftEdit => trigger in DRAFT_EDITS;

/**
 * A DRAFT-only edit of an invoice in another status: the state table's 409 (same code and details)
 * saying where DRAFT invoices come from, since the default (simple) workflow creates none.
 */
export const notDraft = (status: InvoiceStatus, trigger: DraftEdit) =>
  new AppError(
    'conflict',
    `Invoice cannot ${trigger.replace(/_/g, ' ')} while ${status}: ${DRAFT_EDITS[trigger]}. DRAFT invoices come ` +
      "with the organization setting invoiceWorkflow: 'advanced' (PATCH /settings): new invoices start DRAFT " +
      'and a disputed one reopens to DRAFT',
    'invalid_status_transition',
    [{ field: 'status', code: 'invalid_status_transition', message: `from ${status} by ${trigger}` }],
  );

export const invoiceTrashed = () => conflict('The invoice is in the trash; restore it first', 'invoice_trashed');
export const notReconciled = () => conflict('The invoice is not reconciled', 'invoice_not_reconciled');
export const lineNotFound = (lineId: string) =>
  new AppError('not_found', `Invoice line ${lineId} not found`, 'resource_not_found');
