import { ListRows } from '@stockyard/service-kit';
import type { Order } from '../domain/order';
import { fulfilmentOf } from '../domain/order-fulfilment';
import { orderView } from '../domain/order-view';
import type { OrderModel } from './order.model';
import type { OrderRowModel } from './order-row.model';

/** An order's list row (its wire shape packed in `view`). */
export const rowOf = (order: Order) => ({
  channelId: order.channelId,
  status: order.status,
  blockedOnBuild: order.blockedOnBuild,
  fulfillmentStatus: fulfilmentOf(order).status,
  orderedAt: order.orderedAt,
  createdAt: order.createdAt,
  updatedAt: order.updatedAt,
  deletedAt: order.deletedAt,
  channelOrderId: order.channelOrderId,
  customerName: order.customer.name,
  customerEmail: order.customer.email,
  skus: order.lines.flatMap((l) => (l.sku ? [l.sku] : [])).join('\n'),
  view: JSON.stringify(orderView(order)),
});

/**
 * The orders' list rows (the kit's `ListRows`), a projection of the order store kept with every
 * write. Every list reads them (store/order.repository.ts): a page is 50 flat documents.
 */
export const orderRows = (rows: OrderRowModel, orders: OrderModel) =>
  new ListRows<Order>(rows.collection, orders.collection, {
    event: 'order.row_changed',
    refField: 'orderId',
    rowOf,
  });
export type OrderRows = ReturnType<typeof orderRows>;
