import type { Router } from 'express';
import { INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { StockGiven } from '../deps';

/**
 * POST /internal/v1/stock/reorder-levels: per (variant, warehouse) its available quantity and
 * reorder point, a page at a time (purchasing orders what falls below).
 */
export function reorderLevelsRoutes(router: Router, { reorderLevels }: StockGiven): void {
  bindInternal(router, INTERNAL_ROUTES.inventoryReorderLevels, ({ orgId, body }) => reorderLevels.page(orgId, body));
}
