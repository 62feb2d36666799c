import { z } from 'zod';
import { listOf, PageQuerySchema } from '../lists';
import {
  AgingQuerySchema,
  AgingSchema,
  InvoiceStatsSchema,
  VendorStatementQuerySchema,
  VendorStatementSchema,
} from '../invoice-reports';
import {
  AutoMatchResultSchema,
  CreateInvoiceSchema,
  DisputeInvoiceSchema,
  InvoiceLineInputSchema,
  InvoiceListQuerySchema,
  InvoiceSchema,
  MarkPaidSchema,
  MatchLineSchema,
  UpdateInvoiceLineSchema,
  UpdateInvoiceSchema,
} from '../invoices';
import {
  CreateLandedCostSchema,
  LandedCostSchema,
  LandedCostSummarySchema,
  SetManualAllocationsSchema,
  UpdateLandedCostSchema,
} from '../landed-costs';
import { apiRoute } from './bound-route';
import { invoicingCodes } from './invoicing.errors';

const invoice = { response: InvoiceSchema };
const landedCost = { response: LandedCostSchema };

/** The invoices' routes with their wire shapes. */
const INVOICES_API = {
  createInvoice: apiRoute('POST', '/invoices', {
    body: CreateInvoiceSchema,
    ...invoice,
    errors: invoicingCodes(
      'purchase_order_required',
      'related_invoice_not_allowed',
      'unknown_purchase_order',
      'unknown_related_invoice',
      'purchase_order_mismatch',
      'vendor_required',
      'vendor_mismatch',
      'unknown_vendor',
      'purchase_order_line_not_on_order',
      'subtotal_mismatch',
      'total_mismatch',
      'due_date_before_invoice_date',
      'payment_without_mark_as_paid',
      'too_many_lines',
      'invoice_number_taken',
      'dependency_unavailable',
    ),
  }),
  listInvoices: apiRoute('GET', '/invoices', {
    query: z.intersection(InvoiceListQuerySchema, PageQuerySchema),
    response: listOf(InvoiceSchema),
  }),
  invoiceStats: apiRoute('GET', '/invoices/stats', { response: InvoiceStatsSchema }),
  invoiceAging: apiRoute('GET', '/invoices/aging', {
    query: AgingQuerySchema,
    response: AgingSchema,
    errors: invoicingCodes('dependency_unavailable'),
  }),
  vendorStatement: apiRoute('GET', '/invoices/vendor-statement', {
    query: VendorStatementQuerySchema,
    response: VendorStatementSchema,
    errors: invoicingCodes('invalid_date_range', 'statement_too_large', 'dependency_unavailable'),
  }),
  listTrashedInvoices: apiRoute('GET', '/invoices/trash', { query: PageQuerySchema, response: listOf(InvoiceSchema) }),
  getInvoice: apiRoute('GET', '/invoices/{id}', invoice),
  updateInvoice: apiRoute('PUT', '/invoices/{id}', {
    body: UpdateInvoiceSchema,
    ...invoice,
    errors: invoicingCodes(
      'invoice_trashed',
      'invalid_status_transition',
      'invoice_number_taken',
      'due_date_before_invoice_date',
    ),
  }),
  deleteInvoice: apiRoute('DELETE', '/invoices/{id}', {
    ...invoice,
    errors: invoicingCodes('invalid_status_transition'),
  }),
  restoreInvoice: apiRoute('POST', '/invoices/{id}/restore', {
    ...invoice,
    errors: invoicingCodes('invoice_number_taken'),
  }),
  addInvoiceLine: apiRoute('POST', '/invoices/{id}/lines', {
    body: InvoiceLineInputSchema,
    ...invoice,
    errors: invoicingCodes(
      'invoice_trashed',
      'invalid_status_transition',
      'too_many_lines',
      'purchase_order_line_not_on_order',
      'dependency_unavailable',
    ),
  }),
  updateInvoiceLine: apiRoute('PUT', '/invoices/{id}/lines/{lineId}', {
    body: UpdateInvoiceLineSchema,
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
  deleteInvoiceLine: apiRoute('DELETE', '/invoices/{id}/lines/{lineId}', {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition'),
  }),
  matchInvoiceLine: apiRoute('POST', '/invoices/{id}/lines/{lineId}/match', {
    body: MatchLineSchema,
    ...invoice,
    errors: invoicingCodes(
      'invoice_trashed',
      'invalid_status_transition',
      'purchase_order_line_not_on_order',
      'dependency_unavailable',
    ),
  }),
  autoMatchInvoice: apiRoute('POST', '/invoices/{id}/auto-match', {
    response: AutoMatchResultSchema,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
  submitInvoice: apiRoute('POST', '/invoices/{id}/submit', {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition'),
  }),
  approveInvoice: apiRoute('POST', '/invoices/{id}/approve', {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
  disputeInvoice: apiRoute('POST', '/invoices/{id}/dispute', {
    body: DisputeInvoiceSchema,
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition'),
  }),
  reopenInvoice: apiRoute('POST', '/invoices/{id}/reopen', {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
  reconcileInvoice: apiRoute('POST', '/invoices/{id}/reconcile', {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
  unreconcileInvoice: apiRoute('POST', '/invoices/{id}/unreconcile', {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invoice_not_reconciled'),
  }),
  markInvoicePaid: apiRoute('POST', '/invoices/{id}/mark-paid', {
    body: MarkPaidSchema,
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
};

/** Landed costs of purchase orders and their allocations. */
const LANDED_COSTS_API = {
  createLandedCost: apiRoute('POST', '/purchase-orders/{poId}/landed-costs', {
    body: CreateLandedCostSchema,
    ...landedCost,
    errors: invoicingCodes('invoice_not_on_purchase_order', 'allocation_base_zero', 'dependency_unavailable'),
  }),
  listLandedCosts: apiRoute('GET', '/purchase-orders/{poId}/landed-costs', {
    response: z.array(LandedCostSchema),
    errors: invoicingCodes('dependency_unavailable'),
  }),
  landedCostSummary: apiRoute('GET', '/purchase-orders/{poId}/landed-costs/summary', {
    response: LandedCostSummarySchema,
    errors: invoicingCodes('dependency_unavailable'),
  }),
  getLandedCost: apiRoute('GET', '/landed-costs/{id}', landedCost),
  updateLandedCost: apiRoute('PUT', '/landed-costs/{id}', {
    body: UpdateLandedCostSchema,
    ...landedCost,
    errors: invoicingCodes('invoice_not_on_purchase_order', 'allocation_base_zero', 'dependency_unavailable'),
  }),
  deleteLandedCost: apiRoute('DELETE', '/landed-costs/{id}', landedCost),
  allocateLandedCost: apiRoute('POST', '/landed-costs/{id}/allocate', {
    ...landedCost,
    errors: invoicingCodes('allocation_method_manual', 'allocation_base_zero', 'dependency_unavailable'),
  }),
  setManualAllocations: apiRoute('PUT', '/landed-costs/{id}/allocations', {
    body: SetManualAllocationsSchema,
    ...landedCost,
    errors: invoicingCodes('allocations_sum_mismatch', 'purchase_order_line_not_on_order', 'dependency_unavailable'),
  }),
};

/** The invoicing service's routes with their wire shapes. */
export const INVOICING_API = { ...INVOICES_API, ...LANDED_COSTS_API };
