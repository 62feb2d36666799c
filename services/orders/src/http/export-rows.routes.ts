import { bindExportRows } from '@stockyard/service-kit/exports';
import type { Router } from 'express';
import type { HoldsGiven, OrdersGiven } from '../deps';

/**
 * POST /internal/v1/export-rows/orders: the orders and holds an export reads, a page at a time (contracts
 * exports.ts); the kit parses the filters and answers 404 for a resource kept elsewhere.
 */
export function exportRowsRoutes(router: Router, { lists }: OrdersGiven, { reads }: HoldsGiven): void {
  bindExportRows(router, 'orders', {
    orders: (orgId, filters, after, limit) => lists.exportPage(orgId, filters, after, limit),
    holds: (orgId, filters, after, limit) => reads.exportPage(orgId, filters, after, limit),
  });
}
