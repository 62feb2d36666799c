import type { EXPORT_SOURCES } from '@stockyard/contracts';
import { bindExportRows } from '@stockyard/service-kit/exports';
import type { Router } from 'express';
import type { z } from 'zod';
import type { InvoicesGiven, LandedCostsGiven } from '../deps';

/** What the kit parsed a resource's filters to (EXPORT_SOURCES). */
type Filters<R extends 'invoices' | 'landed_costs'> = z.output<(typeof EXPORT_SOURCES)[R]['filters']>;

/**
 * POST /internal/v1/export-rows/invoicing: the invoices and landed costs an export reads, a page at a time (contracts
 * exports.ts); the kit parses the filters and answers 404 for a resource kept elsewhere.
 */
export function exportRowsRoutes(router: Router, { invoices }: InvoicesGiven, costs: LandedCostsGiven): void {
  bindExportRows(router, 'invoicing', {
    invoices: (orgId, filters, after, limit) =>
      invoices.exportPage(orgId, filters as Filters<'invoices'>, after, limit),
    landed_costs: (orgId, filters, after, limit) =>
      costs.reads.exportPage(orgId, filters as Filters<'landed_costs'>, after, limit),
  });
}
