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
import {
  AllocateReservationSchema,
  AvailableSourcesSchema,
  ExpandKitsResultSchema,
  FulfillOrderSchema,
  FulfillResultSchema,
  PendingReservationsQuerySchema,
  PendingReservationsSchema,
  RefreshHoldsResultSchema,
  ReleaseStaleHoldsResultSchema,
  ReleaseStaleHoldsSchema,
  ReresolveLinesResultSchema,
  ReresolveLinesSchema,
  ReservationListSchema,
  ReservationSchema,
  ReservationStatusSchema,
  RestoreAndFulfillSchema,
} from '../reservations';
import { CreateShipmentSchema, ShipmentListQuerySchema, ShipmentSchema } from '../shipments';
import { CheckoutSchema, StorefrontOrderSchema } from '../storefront-orders';
import { apiRoute } from './bound-route';

const paged = <T extends z.ZodObject>(filters: T) => z.intersection(filters, PageQuerySchema);
const order = { response: OrderSchema };

/**
 * The orders service's routes with their wire shapes, the stock holds' (reservations, fulfil,
 * stale holds, allocation, available sources) with them. Rows of the route table not bound
 * here answer 501 (services/orders/README.md says which).
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
  pendingReservations: apiRoute('GET', '/orders/pending-reservations', {
    query: PendingReservationsQuerySchema,
    response: PendingReservationsSchema,
  }),
  orderReservations: apiRoute('GET', '/orders/{id}/reservations', { response: ReservationListSchema }),
  reservationStatus: apiRoute('GET', '/orders/{id}/reservations/status', { response: ReservationStatusSchema }),
  expandKits: apiRoute('POST', '/orders/{id}/reservations/expand-kits', { response: ExpandKitsResultSchema }),
  refreshHolds: apiRoute('POST', '/orders/{id}/lines/{lineId}/refresh-holds', { response: RefreshHoldsResultSchema }),
  fulfillOrder: apiRoute('POST', '/orders/{id}/fulfill', { body: FulfillOrderSchema, response: FulfillResultSchema }),
  restoreAndFulfillHolds: apiRoute('POST', '/orders/{id}/restore-and-fulfill-holds', {
    body: RestoreAndFulfillSchema,
    response: FulfillResultSchema,
  }),
  releaseStaleHolds: apiRoute('POST', '/orders/release-stale-holds', {
    body: ReleaseStaleHoldsSchema,
    response: ReleaseStaleHoldsResultSchema,
  }),
  reresolveLines: apiRoute('POST', '/orders/reresolve-lines', {
    body: ReresolveLinesSchema,
    response: ReresolveLinesResultSchema,
  }),
  allocateReservation: apiRoute('POST', '/reservations/{id}/allocate', {
    body: AllocateReservationSchema,
    response: ReservationSchema,
  }),
  deallocateReservation: apiRoute('POST', '/reservations/{id}/deallocate', { response: ReservationSchema }),
  availableSources: apiRoute('GET', '/reservations/{id}/available-sources', { response: AvailableSourcesSchema }),
  checkout: apiRoute('POST', '/storefront/orders', { body: CheckoutSchema, response: StorefrontOrderSchema }),
};
