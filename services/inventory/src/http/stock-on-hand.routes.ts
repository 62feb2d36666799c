import type { Router } from 'express';
import { INTERNAL_STOCK_READ_PATHS, StockOnHandQuerySchema } from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { StockModuleCommands } from '../stock.module';

/**
 * POST /internal/v1/stock/on-hand: on hand, reserved and available of many variants over
 * every warehouse, in one read (the catalog asks before converting a product to a type
 * that holds no stock).
 */
export function stockOnHandRoutes(router: Router, { queries }: StockModuleCommands): void {
  router.post(INTERNAL_STOCK_READ_PATHS.onHand, async (req, res) => {
    const { variantIds } = bodyOf(req, StockOnHandQuerySchema);
    res.json({ data: await queries.onHand(orgIdOf(req), variantIds) });
  });
}
