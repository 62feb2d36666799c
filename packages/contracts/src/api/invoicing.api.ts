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

const invoice = { response: InvoiceSchema };
const landedCost = { response: LandedCostSchema };

/** The invoices' routes with their wire shapes. */
const INVOICES_API = {
  createInvoice: apiRoute('POST', '/invoices', { body: CreateInvoiceSchema, ...invoice }),
  listInvoices: apiRoute('GET', '/invoices', {
    query: z.intersection(InvoiceListQuerySchema, PageQuerySchema),
    response: listOf(InvoiceSchema),
  }),
  invoiceStats: apiRoute('GET', '/invoices/stats', { response: InvoiceStatsSchema }),
  invoiceAging: apiRoute('GET', '/invoices/aging', { query: AgingQuerySchema, response: AgingSchema }),
  vendorStatement: apiRoute('GET', '/invoices/vendor-statement', {
    query: VendorStatementQuerySchema,
    response: VendorStatementSchema,
  }),
  listTrashedInvoices: apiRoute('GET', '/invoices/trash', { query: PageQuerySchema, response: listOf(InvoiceSchema) }),
  getInvoice: apiRoute('GET', '/invoices/{id}', invoice),
  updateInvoice: apiRoute('PUT', '/invoices/{id}', { body: UpdateInvoiceSchema, ...invoice }),
  deleteInvoice: apiRoute('DELETE', '/invoices/{id}', invoice),
  restoreInvoice: apiRoute('POST', '/invoices/{id}/restore', invoice),
  addInvoiceLine: apiRoute('POST', '/invoices/{id}/lines', { body: InvoiceLineInputSchema, ...invoice }),
  updateInvoiceLine: apiRoute('PUT', '/invoices/{id}/lines/{lineId}', { body: UpdateInvoiceLineSchema, ...invoice }),
  deleteInvoiceLine: apiRoute('DELETE', '/invoices/{id}/lines/{lineId}', invoice),
  matchInvoiceLine: apiRoute('POST', '/invoices/{id}/lines/{lineId}/match', { body: MatchLineSchema, ...invoice }),
  autoMatchInvoice: apiRoute('POST', '/invoices/{id}/auto-match', { response: AutoMatchResultSchema }),
  submitInvoice: apiRoute('POST', '/invoices/{id}/submit', invoice),
  approveInvoice: apiRoute('POST', '/invoices/{id}/approve', invoice),
  disputeInvoice: apiRoute('POST', '/invoices/{id}/dispute', { body: DisputeInvoiceSchema, ...invoice }),
  reopenInvoice: apiRoute('POST', '/invoices/{id}/reopen', invoice),
  reconcileInvoice: apiRoute('POST', '/invoices/{id}/reconcile', invoice),
  unreconcileInvoice: apiRoute('POST', '/invoices/{id}/unreconcile', invoice),
  markInvoicePaid: apiRoute('POST', '/invoices/{id}/mark-paid', { body: MarkPaidSchema, ...invoice }),
};

/** Landed costs of purchase orders and their allocations. */
const LANDED_COSTS_API = {
  createLandedCost: apiRoute('POST', '/purchase-orders/{poId}/landed-costs', {
    body: CreateLandedCostSchema,
    ...landedCost,
  }),
  listLandedCosts: apiRoute('GET', '/purchase-orders/{poId}/landed-costs', { response: z.array(LandedCostSchema) }),
  landedCostSummary: apiRoute('GET', '/purchase-orders/{poId}/landed-costs/summary', {
    response: LandedCostSummarySchema,
  }),
  getLandedCost: apiRoute('GET', '/landed-costs/{id}', landedCost),
  updateLandedCost: apiRoute('PUT', '/landed-costs/{id}', { body: UpdateLandedCostSchema, ...landedCost }),
  deleteLandedCost: apiRoute('DELETE', '/landed-costs/{id}', landedCost),
  allocateLandedCost: apiRoute('POST', '/landed-costs/{id}/allocate', landedCost),
  setManualAllocations: apiRoute('PUT', '/landed-costs/{id}/allocations', {
    body: SetManualAllocationsSchema,
    ...landedCost,
  }),
};

/** The invoicing service's routes with their wire shapes. */
export const INVOICING_API = { ...INVOICES_API, ...LANDED_COSTS_API };
