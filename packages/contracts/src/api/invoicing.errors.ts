import { codePicker, type ErrorCatalog } from './error-codes';

/** The invoicing service's business error codes (services/invoicing/src/domain/*.errors.ts). */
export const INVOICING_ERRORS = {
  invoice_trashed: { type: 'conflict', description: 'The invoice is in the trash; restore it first' },
  invoice_not_reconciled: { type: 'conflict', description: 'Unreconciling an invoice that is not reconciled' },
  invoice_number_taken: { type: 'conflict', description: 'A live invoice of the vendor has the number' },
  purchase_order_required: { type: 'unprocessable', description: 'An INVOICE needs a purchaseOrderId' },
  related_invoice_not_allowed: { type: 'unprocessable', description: 'Only memos name a relatedInvoiceId' },
  unknown_purchase_order: { type: 'unprocessable', description: 'No live purchase order has the id' },
  unknown_related_invoice: { type: 'unprocessable', description: 'relatedInvoiceId is no live INVOICE' },
  purchase_order_mismatch: { type: 'unprocessable', description: 'The order differs from the related invoice’s' },
  vendor_required: { type: 'unprocessable', description: 'A standalone memo names its vendor (channelId)' },
  vendor_mismatch: { type: 'unprocessable', description: 'channelId is not the order’s or related invoice’s vendor' },
  unknown_vendor: { type: 'unprocessable', description: 'channelId is no source of the organization' },
  purchase_order_line_not_on_order: {
    type: 'unprocessable',
    description: 'A purchase order line of another order than the invoice’s',
  },
  subtotal_mismatch: { type: 'unprocessable', description: 'subtotal is not the sum of the line totals' },
  total_mismatch: { type: 'unprocessable', description: 'total is not subtotal plus charges' },
  due_date_before_invoice_date: { type: 'unprocessable', description: 'dueDate is before invoiceDate' },
  payment_without_mark_as_paid: { type: 'unprocessable', description: 'Payment fields without markAsPaid: true' },
  invalid_date_range: { type: 'unprocessable', description: 'dateFrom is after dateTo' },
  statement_too_large: { type: 'unprocessable', description: 'The range holds too many documents; narrow it' },
  allocation_base_zero: {
    type: 'unprocessable',
    description: 'The lines have no value, quantity or weight to allocate by',
  },
  allocation_method_manual: { type: 'unprocessable', description: 'A MANUAL cost is allocated by its allocations' },
  allocations_sum_mismatch: { type: 'unprocessable', description: 'The allocations do not sum to the amount' },
  invoice_not_on_purchase_order: { type: 'unprocessable', description: 'invoiceId is no invoice of the order' },
} satisfies ErrorCatalog;

export const invoicingCodes = codePicker(INVOICING_ERRORS);

/**
 * Codes the invoicing service makes that no partner operation lists as `error.code`: its internal
 * API's, its background work's, and where each goes. Its error makers take them with the above.
 */
export const INVOICING_UNLISTED_ERRORS = {} satisfies ErrorCatalog;
