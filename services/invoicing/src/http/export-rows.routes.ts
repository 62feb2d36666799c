import { bindExportRows } from '@stockyard/service-kit/exports';
import type { Router } from 'express';
import type { InvoicesGiven, LandedCostsGiven } from '../deps';

/**
 * POST /internal/v1/export-rows/invoicing: the invoices and landed costs an export reads, a page at a time (contracts
 * exports.ts); the kit parses the filters and answers 404 for a resource kept elsewhere.
 */
export function exportRowsRoutes(router: Router, { lists }: InvoicesGiven, costs: LandedCostsGiven): void {
  bindExportRows(router, 'invoicing', {
    invoices: (orgId, filters, after, limit) => lists.exportPage(orgId, filters, after, limit),
    landed_costs: (orgId, filters, after, limit) => costs.reads.exportPage(orgId, filters, after, limit),
  });
}
