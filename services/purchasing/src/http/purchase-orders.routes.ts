import { PURCHASING_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import type { PurchaseOrdersGiven } from '../deps';
import { purchaseOrderView } from '../domain/purchase-order-view';

/** The order's own routes: create, read, list, update, trash, and its status changes. */
export function purchaseOrdersRoutes(router: Router, { commands, lists }: PurchaseOrdersGiven): void {
  const api = PURCHASING_API;
  bindRoute(router, api.createPurchaseOrder, async ({ orgId, body }) =>
    purchaseOrderView(await commands.create(orgId, body)),
  );
  // The lists answer the rows' packed views (store/purchase-order-rows.ts).
  bindRoute(router, api.listPurchaseOrders, ({ orgId, query }) => lists.list(orgId, query));
  bindRoute(router, api.listTrashedPurchaseOrders, ({ orgId, query }) => lists.trash(orgId, query));
  bindRoute(router, api.getPurchaseOrder, async ({ orgId, params }) =>
    purchaseOrderView(await commands.get(orgId, params.id)),
  );
  bindRoute(router, api.updatePurchaseOrder, async ({ orgId, params, body }) =>
    purchaseOrderView(await commands.update(orgId, params.id, body)),
  );
  bindRoute(router, api.deletePurchaseOrder, async ({ orgId, params }) =>
    purchaseOrderView(await commands.trash(orgId, params.id)),
  );
  bindRoute(router, api.restorePurchaseOrder, async ({ orgId, params }) =>
    purchaseOrderView(await commands.restore(orgId, params.id)),
  );
  bindRoute(router, api.submitPurchaseOrder, async ({ orgId, params }) =>
    purchaseOrderView(await commands.submit(orgId, params.id)),
  );
  bindRoute(router, api.cancelPurchaseOrder, async ({ orgId, params }) =>
    purchaseOrderView(await commands.cancel(orgId, params.id)),
  );
  bindRoute(router, api.closePurchaseOrder, async ({ orgId, params }) =>
    purchaseOrderView(await commands.close(orgId, params.id)),
  );
  bindRoute(router, api.reopenPurchaseOrder, async ({ orgId, params }) =>
    purchaseOrderView(await commands.reopen(orgId, params.id)),
  );
  bindRoute(router, api.duplicatePurchaseOrder, async ({ orgId, params }) =>
    purchaseOrderView(await commands.duplicate(orgId, params.id)),
  );
  bindRoute(router, api.addTracking, async ({ orgId, params, body }) =>
    purchaseOrderView(await commands.addTracking(orgId, params.id, body)),
  );
}
