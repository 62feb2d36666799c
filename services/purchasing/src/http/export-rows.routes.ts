import type { EXPORT_SOURCES } from '@stockyard/contracts';
import { bindExportRows } from '@stockyard/service-kit/exports';
import type { Router } from 'express';
import type { z } from 'zod';
import type { PurchaseOrdersGiven } from '../deps';

/** What the kit parsed the filters to (EXPORT_SOURCES). */
type Filters = z.output<(typeof EXPORT_SOURCES)['purchase_orders']['filters']>;

/**
 * POST /internal/v1/export-rows/purchasing: the purchase orders an export reads, a page at a time (contracts
 * exports.ts); the kit parses the filters and answers 404 for a resource kept elsewhere.
 */
export function exportRowsRoutes(router: Router, { orders }: PurchaseOrdersGiven): void {
  bindExportRows(router, 'purchasing', {
    purchase_orders: (orgId, filters, after, limit) => orders.exportPage(orgId, filters as Filters, after, limit),
  });
}
