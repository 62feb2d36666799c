import {
  INTERNAL_PURCHASING_PATHS,
  PurchaseOrderBatchQuerySchema,
  type PurchaseOrderBatch,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { Router } from 'express';
import { internalPurchaseOrderView } from '../domain/purchase-order-view';
import type { PurchaseOrdersGiven } from '../purchase-orders.module';

/** /internal/v1: purchase orders by id for peers (purchasing-internal.ts in contracts). */
export function internalRoutes(router: Router, { orders }: PurchaseOrdersGiven): void {
  router.post(INTERNAL_PURCHASING_PATHS.purchaseOrdersBatch, async (req, res) => {
    const { ids } = bodyOf(req, PurchaseOrderBatchQuerySchema);
    const found = await orders.byIds(orgIdOf(req), [...new Set(ids)]);
    const have = new Set(found.map((po) => po.id));
    const answer: PurchaseOrderBatch = {
      data: found.map(internalPurchaseOrderView),
      missing: ids.filter((id) => !have.has(id)),
    };
    res.status(200).json(answer);
  });
}
