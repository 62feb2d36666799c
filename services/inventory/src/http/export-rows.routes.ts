import { bindExportRows } from '@stockyard/service-kit/exports';
import type { Router } from 'express';
import type { StockGiven } from '../deps';

/**
 * POST /internal/v1/export-rows/inventory: the stock levels and movements an export reads, a page
 * at a time (contracts exports.ts); the kit parses the filters and answers 404 for a resource kept
 * elsewhere.
 */
export function exportRowsRoutes(router: Router, { queries }: StockGiven): void {
  bindExportRows(router, 'inventory', {
    stock_levels: (orgId, filters, after, limit) => queries.exportLevels(orgId, filters, after, limit),
    stock_movements: (orgId, filters, after, limit) => queries.exportMovements(orgId, filters, after, limit),
  });
}
