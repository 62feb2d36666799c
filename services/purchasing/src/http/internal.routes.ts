import { INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { Router } from 'express';
import { internalPurchaseOrderView } from '../domain/purchase-order-view';
import type { PurchaseOrdersGiven } from '../deps';

/** /internal/v1: purchase orders by id for peers (purchasing-internal.ts in contracts). */
export function internalRoutes(router: Router, { orders }: PurchaseOrdersGiven): void {
  bindInternal(router, INTERNAL_ROUTES.purchasingPurchaseOrders, async ({ orgId, body: { ids } }) => {
    const found = await orders.byIds(orgId, [...new Set(ids)]);
    const have = new Set(found.map((po) => po.id));
    return { data: found.map(internalPurchaseOrderView), missing: ids.filter((id) => !have.has(id)) };
  });
}
