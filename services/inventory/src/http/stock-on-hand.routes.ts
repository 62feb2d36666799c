import type { Router } from 'express';
import { INTERNAL_STOCK_READ_PATHS, StockOnHandQuerySchema, type VariantStock } from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { InventoryDeps } from '../deps';
import { availableOf, onHandOf } from '../domain/stock-level';

/**
 * POST /internal/v1/stock/on-hand: on hand, reserved and available of many variants over
 * every warehouse, in one read (the catalog asks before converting a product to a type
 * that holds no stock). A variant never stocked answers zeros; a bundle's variant holds no
 * stock and answers the bundle's availability (README: bundle availability).
 */
export function stockOnHandRoutes(router: Router, { stock, bundles }: InventoryDeps): void {
  router.post(INTERNAL_STOCK_READ_PATHS.onHand, async (req, res) => {
    const { variantIds } = bodyOf(req, StockOnHandQuerySchema);
    const orgId = orgIdOf(req);
    const levels = new Map((await stock.findMany(orgId, variantIds)).map((l) => [l.variantId, l]));
    const bundleOf = new Map(
      (await bundles.withVariants(orgId, variantIds)).flatMap((b) => b.variantIds.map((v) => [v, b])),
    );
    const data = variantIds.map((variantId): VariantStock => {
      const bundle = bundleOf.get(variantId);
      if (bundle) return { variantId, onHand: 0, reserved: 0, available: bundle.available, bundle: true };
      const level = levels.get(variantId);
      if (!level) return { variantId, onHand: 0, reserved: 0, available: 0 };
      return { variantId, onHand: onHandOf(level), reserved: level.reserved, available: availableOf(level) };
    });
    res.json({ data });
  });
}
