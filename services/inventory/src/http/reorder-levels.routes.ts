import type { Router } from 'express';
import { INTERNAL_STOCK_READ_PATHS, ReorderLevelsQuerySchema } from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { StockModuleCommands } from '../stock.module';

/**
 * POST /internal/v1/stock/reorder-levels: per (variant, warehouse) its available quantity and
 * reorder point, a page at a time (purchasing orders what falls below).
 */
export function reorderLevelsRoutes(router: Router, { reorderLevels }: StockModuleCommands): void {
  router.post(INTERNAL_STOCK_READ_PATHS.reorderLevels, async (req, res) => {
    res.json(await reorderLevels.page(orgIdOf(req), bodyOf(req, ReorderLevelsQuerySchema)));
  });
}
