import type { EXPORT_SOURCES } from '@stockyard/contracts';
import { bindExportRows } from '@stockyard/service-kit/exports';
import type { Router } from 'express';
import type { z } from 'zod';
import type { HoldsGiven, OrdersGiven } from '../deps';

/** What the kit parsed a resource's filters to (EXPORT_SOURCES). */
type Filters<R extends 'orders' | 'holds'> = z.output<(typeof EXPORT_SOURCES)[R]['filters']>;

/**
 * POST /internal/v1/export-rows/orders: the orders and holds an export reads, a page at a time (contracts
 * exports.ts); the kit parses the filters and answers 404 for a resource kept elsewhere.
 */
export function exportRowsRoutes(router: Router, { orders }: OrdersGiven, { reads }: HoldsGiven): void {
  bindExportRows(router, 'orders', {
    orders: (orgId, filters, after, limit) => orders.exportPage(orgId, filters as Filters<'orders'>, after, limit),
    holds: (orgId, filters, after, limit) => reads.exportPage(orgId, filters as Filters<'holds'>, after, limit),
  });
}
