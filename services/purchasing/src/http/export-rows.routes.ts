import { bindExportRows } from '@stockyard/service-kit/exports';
import type { Router } from 'express';
import type { PurchaseOrdersGiven } from '../deps';

/**
 * POST /internal/v1/export-rows/purchasing: the purchase orders an export reads, a page at a time (contracts
 * exports.ts); the kit parses the filters and answers 404 for a resource kept elsewhere.
 */
export function exportRowsRoutes(router: Router, { lists }: PurchaseOrdersGiven): void {
  bindExportRows(router, 'purchasing', {
    purchase_orders: (orgId, filters, after, limit) => lists.exportPage(orgId, filters, after, limit),
  });
}
