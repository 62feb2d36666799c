import { ORDERS_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import { orderView } from '../domain/order-view';
import type { OrdersGiven } from '../deps';

/** Notes, the shipping address, the trash (by status) and restore. */
export function orderEditsRoutes(router: Router, { commands }: OrdersGiven): void {
  const api = ORDERS_API;
  bindRoute(router, api.updateOrderNotes, async ({ orgId, params, body }) =>
    orderView(await commands.replaceNotes(orgId, params.id, body.notes)),
  );
  bindRoute(router, api.updateShippingAddress, async ({ orgId, params, body }) =>
    orderView(await commands.replaceShippingAddress(orgId, params.id, body.shippingAddress)),
  );
  bindRoute(router, api.trashOrdersByStatus, ({ orgId, query }) => commands.trashByStatus(orgId, query));
  bindRoute(router, api.restoreOrder, async ({ orgId, params }) => orderView(await commands.restore(orgId, params.id)));
}
