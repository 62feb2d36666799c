import { INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { Router } from 'express';
import { onOrderOf } from '../domain/on-order';
import { internalPurchaseOrderView } from '../domain/purchase-order-view';
import { receiptLinesOf } from '../domain/receipt-lines';
import type { PurchaseOrdersGiven } from '../deps';

/**
 * /internal/v1: orders by id and what is on order per variant and warehouse (purchasing-internal.ts), and
 * a period's receipt lines (purchase-spend.ts), for peers.
 */
export function internalRoutes(router: Router, { orders }: PurchaseOrdersGiven): void {
  bindInternal(router, INTERNAL_ROUTES.purchasingPurchaseOrders, async ({ orgId, body: { ids } }) => {
    const found = await orders.byIds(orgId, [...new Set(ids)]);
    const have = new Set(found.map((po) => po.id));
    return { data: found.map(internalPurchaseOrderView), missing: ids.filter((id) => !have.has(id)) };
  });
  bindInternal(router, INTERNAL_ROUTES.purchasingOnOrder, async ({ orgId, body: { variantIds, warehouseId } }) => {
    const open = await orders.mayHoldOnOrder(orgId, variantIds, warehouseId);
    return { data: onOrderOf(open, variantIds, warehouseId) };
  });
  bindInternal(router, INTERNAL_ROUTES.purchasingReceiptLines, async ({ orgId, body }) => {
    const [from, to] = [new Date(body.from), new Date(body.to)];
    const page = await orders.mayHaveReceipts(orgId, from, body.after, body.limit);
    return { data: page.orders.flatMap((po) => receiptLinesOf(po, from, to)), next: page.next };
  });
}
