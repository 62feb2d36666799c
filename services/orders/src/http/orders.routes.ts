import { ORDERS_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import type { OrdersGiven } from '../deps';
import { historyView, orderView } from '../domain/order-view';

/** The order's own routes: the push, reads, lists, stats and its status. */
export function ordersRoutes(router: Router, { commands, imports, lists, stats }: OrdersGiven): void {
  const api = ORDERS_API;
  // An upsert: 201 when the order is new, 200 when the channel sent it again.
  bindRoute(router, api.importOrder, async ({ orgId, body, res }) => {
    const { order, created } = await imports.push(orgId, body);
    const view = orderView(order);
    if (!created) res.status(200).json(view);
    return view;
  });
  // The lists answer the rows' packed views (store/order-rows.ts).
  bindRoute(router, api.listOrders, ({ orgId, query }) => lists.list(orgId, query));
  bindRoute(router, api.listTrashedOrders, ({ orgId, query }) => lists.trash(orgId, query));
  bindRoute(router, api.orderStats, ({ orgId, query }) => stats.stats(orgId, query.channelId));
  bindRoute(router, api.getOrder, async ({ orgId, params }) => orderView(await commands.get(orgId, params.id)));
  bindRoute(router, api.orderHistory, async ({ orgId, params }) => historyView(await commands.get(orgId, params.id)));
  // Before /orders/{id}/status, which would take `bulk` for an id.
  bindRoute(router, api.bulkUpdateOrderStatus, ({ orgId, body }) => commands.bulkStatus(orgId, body));
  bindRoute(router, api.updateOrderStatus, async ({ orgId, params, body }) =>
    orderView(await commands.setStatus(orgId, params.id, body)),
  );
}
