import { bindExportRows } from '@stockyard/service-kit/exports';
import type { Router } from 'express';
import type { ProductsGiven } from '../deps';

/**
 * POST /internal/v1/export-rows/catalog: the products and variants an export reads, a page at a time (contracts
 * exports.ts); the kit parses the filters and answers 404 for a resource kept elsewhere.
 */
export function exportRowsRoutes(router: Router, { products, variants }: ProductsGiven): void {
  bindExportRows(router, 'catalog', {
    products: (orgId, filters, after, limit) => products.exportPage(orgId, filters, after, limit),
    variants: (orgId, filters, after, limit) => variants.exportPage(orgId, filters, after, limit),
  });
}
