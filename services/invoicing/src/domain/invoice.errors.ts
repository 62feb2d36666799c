import type { ErrorDetail, InvoiceStatus } from '@stockyard/contracts';
import { errors } from './errors';
import type { InvoiceTrigger } from './invoice-states';

/** An error's message and its one detail, naming the field it is about: `errors.<code>(...onField(...))`. */
const onField = (field: string, code: string, message: string, detail = message): [string, ErrorDetail[]] => [
  message,
  [{ field, code, message: detail }],
];

export const purchaseOrderRequired = () =>
  errors.purchase_order_required(
    ...onField('purchaseOrderId', 'purchase_order_required', 'A standard invoice (INVOICE) needs a purchaseOrderId'),
  );
export const relatedInvoiceNotAllowed = () =>
  errors.related_invoice_not_allowed(
    ...onField(
      'relatedInvoiceId',
      'related_invoice_not_allowed',
      'Only credit and debit memos reference a related invoice',
    ),
  );
export const unknownPurchaseOrder = (id: string) =>
  errors.unknown_purchase_order(
    ...onField(
      'purchaseOrderId',
      'unknown_purchase_order',
      `Purchase order ${id} does not exist`,
      'no live purchase order',
    ),
  );
export const unknownRelatedInvoice = (id: string) =>
  errors.unknown_related_invoice(
    ...onField('relatedInvoiceId', 'unknown_related_invoice', `Invoice ${id} is not a live standard invoice`),
  );
export const purchaseOrderMismatch = () =>
  errors.purchase_order_mismatch(
    ...onField(
      'purchaseOrderId',
      'purchase_order_mismatch',
      "The purchase order differs from the related invoice's",
      "must be the related invoice's purchase order",
    ),
  );
export const vendorRequired = () =>
  errors.vendor_required(
    ...onField('channelId', 'vendor_required', 'A standalone memo names its vendor: channelId (a source)'),
  );
export const vendorMismatch = () =>
  errors.vendor_mismatch(
    ...onField(
      'channelId',
      'vendor_mismatch',
      'channelId differs from the vendor of the purchase order or the related invoice',
      'must be the vendor of the purchase order or related invoice',
    ),
  );
export const unknownVendor = (channelId: string) =>
  errors.unknown_vendor(
    ...onField('channelId', 'unknown_vendor', `Vendor ${channelId} is not a source of the organization`),
  );
export const lineNotOnOrder = (poLineId: string) =>
  errors.purchase_order_line_not_on_order(
    ...onField(
      'purchaseOrderLineId',
      'purchase_order_line_not_on_order',
      `Purchase order line ${poLineId} does not belong to the invoice's purchase order`,
    ),
  );
export const subtotalMismatch = (computed: number) =>
  errors.subtotal_mismatch(
    ...onField('subtotal', 'subtotal_mismatch', `subtotal differs from the sum of the line totals (${computed})`),
  );
export const totalMismatch = (computed: number) =>
  errors.total_mismatch(...onField('total', 'total_mismatch', `total differs from subtotal + charges (${computed})`));
export const dueBeforeInvoiceDate = () =>
  errors.due_date_before_invoice_date(
    ...onField('dueDate', 'due_date_before_invoice_date', 'dueDate cannot be before invoiceDate'),
  );
export const paymentWithoutPaid = () =>
  errors.payment_without_mark_as_paid(
    ...onField('markAsPaid', 'payment_without_mark_as_paid', 'Payment fields are recorded only with markAsPaid: true'),
  );
export const tooManyLines = (max: number) =>
  errors.too_many_lines(...onField('lines', 'too_many_lines', `An invoice has at most ${max} lines`));

export const invoiceNumberTaken = (value: string) =>
  errors.invoice_number_taken(
    `Invoice number ${value.slice(value.indexOf('/') + 1)} is already used by a live invoice of this vendor`,
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
  errors.invalid_status_transition(
    `Invoice cannot ${trigger.replace(/_/g, ' ')} while ${status}: ${DRAFT_EDITS[trigger]}. DRAFT invoices come ` +
      "with the organization setting invoiceWorkflow: 'advanced' (PATCH /settings): new invoices start DRAFT " +
      'and a disputed one reopens to DRAFT',
    [{ field: 'status', code: 'invalid_status_transition', message: `from ${status} by ${trigger}` }],
  );

export const invoiceTrashed = () => errors.invoice_trashed('The invoice is in the trash; restore it first');
export const notReconciled = () => errors.invoice_not_reconciled('The invoice is not reconciled');
export const lineNotFound = (lineId: string) => errors.resource_not_found(`Invoice line ${lineId} not found`);
