import { z } from 'zod';
import { listOf, PageQuerySchema } from '../lists';
import {
  BulkStatusResultSchema,
  BulkUpdateOrderStatusSchema,
  ImportOrderSchema,
  OrderHistorySchema,
  OrderListQuerySchema,
  OrderSchema,
  OrderStatsQuerySchema,
  OrderStatsSchema,
  TrashByStatusQuerySchema,
  TrashByStatusResultSchema,
  UpdateNotesSchema,
  UpdateOrderStatusSchema,
  UpdateShippingAddressSchema,
} from '../orders';
import { CreateShipmentSchema, ShipmentListQuerySchema, ShipmentSchema } from '../shipments';
import { CheckoutSchema, StorefrontOrderSchema } from '../storefront-orders';
import { apiRoute } from './bound-route';

const paged = <T extends z.ZodObject>(filters: T) => z.intersection(filters, PageQuerySchema);
const order = { response: OrderSchema };

/**
 * The orders service's routes with their wire shapes. The holds' rows (reservations, fulfil,
 * expand kits, refresh holds, stale holds, re-resolve lines, available sources) are the
 * reservations issue's: they answer 501 until it binds them.
 */
export const ORDERS_API = {
  importOrder: apiRoute('POST', '/orders', { body: ImportOrderSchema, ...order }),
  listOrders: apiRoute('GET', '/orders', { query: paged(OrderListQuerySchema), response: listOf(OrderSchema) }),
  listTrashedOrders: apiRoute('GET', '/orders/trash', { query: PageQuerySchema, response: listOf(OrderSchema) }),
  orderStats: apiRoute('GET', '/orders/stats', { query: OrderStatsQuerySchema, response: OrderStatsSchema }),
  getOrder: apiRoute('GET', '/orders/{id}', order),
  orderHistory: apiRoute('GET', '/orders/{id}/history', { response: OrderHistorySchema }),
  updateOrderStatus: apiRoute('PUT', '/orders/{id}/status', { body: UpdateOrderStatusSchema, ...order }),
  bulkUpdateOrderStatus: apiRoute('PUT', '/orders/bulk/status', {
    body: BulkUpdateOrderStatusSchema,
    response: BulkStatusResultSchema,
  }),
  updateOrderNotes: apiRoute('PUT', '/orders/{id}/notes', { body: UpdateNotesSchema, ...order }),
  updateShippingAddress: apiRoute('PUT', '/orders/{id}/shipping-address', {
    body: UpdateShippingAddressSchema,
    ...order,
  }),
  trashOrdersByStatus: apiRoute('DELETE', '/orders/by-status', {
    query: TrashByStatusQuerySchema,
    response: TrashByStatusResultSchema,
  }),
  restoreOrder: apiRoute('POST', '/orders/{id}/restore', order),
  syncOrder: apiRoute('POST', '/orders/{id}/sync', order),
  createShipment: apiRoute('POST', '/orders/{id}/shipments', { body: CreateShipmentSchema, response: ShipmentSchema }),
  listShipments: apiRoute('GET', '/shipments', {
    query: paged(ShipmentListQuerySchema),
    response: listOf(ShipmentSchema),
  }),
  getShipment: apiRoute('GET', '/shipments/{id}', { response: ShipmentSchema }),
  checkout: apiRoute('POST', '/storefront/orders', { body: CheckoutSchema, response: StorefrontOrderSchema }),
};
