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
import { PurchaseSpendQuerySchema, PurchaseSpendReportSchema } from '../purchase-spend';
import { declareRoutes } from './bound-route';
import { invoicingCodes } from './invoicing.errors';

const { spec, added } = declareRoutes('invoicing');

const invoice = { response: InvoiceSchema };
const landedCost = { response: LandedCostSchema };

/** The invoices' routes with their wire shapes. */
const INVOICES_API = {
  // Invoices: stats, aging and statement are invoice data, so invoices.read rather than reports.read
  createInvoice: spec('POST', '/invoices', 'invoices.write', 201, {
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
  listInvoices: spec('GET', '/invoices', 'invoices.read', 200, {
    query: z.intersection(InvoiceListQuerySchema, PageQuerySchema),
    response: listOf(InvoiceSchema),
  }),
  invoiceStats: spec('GET', '/invoices/stats', 'invoices.read', 200, { response: InvoiceStatsSchema }),
  invoiceAging: spec('GET', '/invoices/aging', 'invoices.read', 200, {
    query: AgingQuerySchema,
    response: AgingSchema,
    errors: invoicingCodes('dependency_unavailable'),
  }),
  vendorStatement: spec('GET', '/invoices/vendor-statement', 'invoices.read', 200, {
    query: VendorStatementQuerySchema,
    response: VendorStatementSchema,
    errors: invoicingCodes('invalid_date_range', 'statement_too_large', 'dependency_unavailable'),
  }),
  listTrashedInvoices: spec('GET', '/invoices/trash', 'invoices.read', 200, {
    query: PageQuerySchema,
    response: listOf(InvoiceSchema),
  }),
  getInvoice: spec('GET', '/invoices/{id}', 'invoices.read', 200, invoice),
  updateInvoice: spec('PUT', '/invoices/{id}', 'invoices.write', 200, {
    body: UpdateInvoiceSchema,
    ...invoice,
    errors: invoicingCodes(
      'invoice_trashed',
      'invalid_status_transition',
      'invoice_number_taken',
      'due_date_before_invoice_date',
    ),
  }),
  deleteInvoice: spec('DELETE', '/invoices/{id}', 'invoices.write', 200, {
    ...invoice,
    errors: invoicingCodes('invalid_status_transition'),
  }),
  restoreInvoice: spec('POST', '/invoices/{id}/restore', 'invoices.write', 201, {
    ...invoice,
    errors: invoicingCodes('invoice_number_taken'),
  }),
  addInvoiceLine: spec('POST', '/invoices/{id}/lines', 'invoices.write', 201, {
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
  updateInvoiceLine: spec('PUT', '/invoices/{id}/lines/{lineId}', 'invoices.write', 200, {
    body: UpdateInvoiceLineSchema,
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
  deleteInvoiceLine: spec('DELETE', '/invoices/{id}/lines/{lineId}', 'invoices.write', 200, {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition'),
  }),
  matchInvoiceLine: spec('POST', '/invoices/{id}/lines/{lineId}/match', 'invoices.write', 201, {
    body: MatchLineSchema,
    ...invoice,
    errors: invoicingCodes(
      'invoice_trashed',
      'invalid_status_transition',
      'purchase_order_line_not_on_order',
      'dependency_unavailable',
    ),
  }),
  autoMatchInvoice: spec('POST', '/invoices/{id}/auto-match', 'invoices.write', 201, {
    response: AutoMatchResultSchema,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
  // Submitting only hands a draft to approvers; the decisions below need invoices.approve.
  submitInvoice: spec('POST', '/invoices/{id}/submit', 'invoices.write', 201, {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition'),
  }),
  approveInvoice: spec('POST', '/invoices/{id}/approve', 'invoices.approve', 201, {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
  disputeInvoice: spec('POST', '/invoices/{id}/dispute', 'invoices.approve', 201, {
    body: DisputeInvoiceSchema,
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition'),
  }),
  reopenInvoice: spec('POST', '/invoices/{id}/reopen', 'invoices.approve', 201, {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
  reconcileInvoice: spec('POST', '/invoices/{id}/reconcile', 'invoices.approve', 201, {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
  unreconcileInvoice: spec('POST', '/invoices/{id}/unreconcile', 'invoices.approve', 201, {
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invoice_not_reconciled'),
  }),
  markInvoicePaid: spec('POST', '/invoices/{id}/mark-paid', 'invoices.approve', 201, {
    body: MarkPaidSchema,
    ...invoice,
    errors: invoicingCodes('invoice_trashed', 'invalid_status_transition', 'dependency_unavailable'),
  }),
};

/** Landed costs of purchase orders and their allocations. */
const LANDED_COSTS_API = {
  // Landed costs
  createLandedCost: spec('POST', '/purchase-orders/{poId}/landed-costs', 'landed_costs.write', 201, {
    body: CreateLandedCostSchema,
    ...landedCost,
    errors: invoicingCodes('invoice_not_on_purchase_order', 'allocation_base_zero', 'dependency_unavailable'),
  }),
  listLandedCosts: spec('GET', '/purchase-orders/{poId}/landed-costs', 'landed_costs.read', 200, {
    response: z.array(LandedCostSchema),
    errors: invoicingCodes('dependency_unavailable'),
  }),
  landedCostSummary: spec('GET', '/purchase-orders/{poId}/landed-costs/summary', 'landed_costs.read', 200, {
    response: LandedCostSummarySchema,
    errors: invoicingCodes('dependency_unavailable'),
  }),
  getLandedCost: spec('GET', '/landed-costs/{id}', 'landed_costs.read', 200, landedCost),
  updateLandedCost: spec('PUT', '/landed-costs/{id}', 'landed_costs.write', 200, {
    body: UpdateLandedCostSchema,
    ...landedCost,
    errors: invoicingCodes('invoice_not_on_purchase_order', 'allocation_base_zero', 'dependency_unavailable'),
  }),
  deleteLandedCost: spec('DELETE', '/landed-costs/{id}', 'landed_costs.write', 200, landedCost),
  allocateLandedCost: spec('POST', '/landed-costs/{id}/allocate', 'landed_costs.write', 201, {
    ...landedCost,
    errors: invoicingCodes('allocation_method_manual', 'allocation_base_zero', 'dependency_unavailable'),
  }),
  setManualAllocations: spec('PUT', '/landed-costs/{id}/allocations', 'landed_costs.write', 200, {
    body: SetManualAllocationsSchema,
    ...landedCost,
    errors: invoicingCodes('allocations_sum_mismatch', 'purchase_order_line_not_on_order', 'dependency_unavailable'),
  }),
};

/** Purchase spend over a period: received, invoiced, price variances and landed costs (issue #42). */
const SPEND_REPORTS_API = {
  getPurchaseSpendReport: added('GET', '/reports/purchase-spend', 'reports.read', 200, {
    query: z.intersection(PurchaseSpendQuerySchema, PageQuerySchema),
    response: PurchaseSpendReportSchema,
    errors: invoicingCodes('dependency_unavailable'),
  }),
};

/** The invoicing service's routes with their wire shapes. */
export const INVOICING_API = { ...INVOICES_API, ...LANDED_COSTS_API, ...SPEND_REPORTS_API };
