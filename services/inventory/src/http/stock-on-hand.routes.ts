import type { Router } from 'express';
import { INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { StockGiven } from '../deps';

/**
 * POST /internal/v1/stock/on-hand: on hand, reserved and available of many variants over
 * every warehouse, in one read (the catalog asks before converting a product to a type
 * that holds no stock). POST /internal/v1/stock/lines-on-hand: of received purchase-order
 * lines, the units still on hand and sold by their cost layers (invoicing's landed-cost summary).
 */
export function stockOnHandRoutes(router: Router, { queries }: StockGiven): void {
  bindInternal(router, INTERNAL_ROUTES.inventoryStockOnHand, async ({ orgId, body }) => ({
    data: await queries.onHand(orgId, body.variantIds),
  }));
  bindInternal(router, INTERNAL_ROUTES.inventoryLinesOnHand, async ({ orgId, body }) => ({
    data: await queries.linesOnHand(orgId, body.lines),
  }));
}
