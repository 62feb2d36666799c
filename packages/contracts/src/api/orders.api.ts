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
import { ordersCodes } from './orders.errors';

const paged = <T extends z.ZodObject>(filters: T) => z.intersection(filters, PageQuerySchema);
const order = { response: OrderSchema };

/**
 * The orders service's routes with their wire shapes, the stock holds' (reservations, fulfil,
 * stale holds, allocation, available sources) with them. Rows of the route table not bound
 * here answer 501 (services/orders/README.md says which).
 */
export const ORDERS_API = {
  importOrder: apiRoute('POST', '/orders', {
    body: ImportOrderSchema,
    ...order,
    alsoAnswers: { 200: 'The channel pushed an order it had pushed before: the order, brought up to date' },
    errors: ordersCodes(
      'unknown_channel',
      'wrong_channel_platform',
      'channel_inactive',
      'unknown_variant',
      'order_trashed',
      'invalid_status_transition',
      'dependency_unavailable',
      'contention',
    ),
  }),
  listOrders: apiRoute('GET', '/orders', { query: paged(OrderListQuerySchema), response: listOf(OrderSchema) }),
  listTrashedOrders: apiRoute('GET', '/orders/trash', { query: PageQuerySchema, response: listOf(OrderSchema) }),
  orderStats: apiRoute('GET', '/orders/stats', { query: OrderStatsQuerySchema, response: OrderStatsSchema }),
  getOrder: apiRoute('GET', '/orders/{id}', order),
  orderHistory: apiRoute('GET', '/orders/{id}/history', { response: OrderHistorySchema }),
  updateOrderStatus: apiRoute('PUT', '/orders/{id}/status', {
    body: UpdateOrderStatusSchema,
    ...order,
    errors: ordersCodes('order_trashed', 'invalid_status_transition', 'contention'),
  }),
  bulkUpdateOrderStatus: apiRoute('PUT', '/orders/bulk/status', {
    body: BulkUpdateOrderStatusSchema,
    response: BulkStatusResultSchema,
  }),
  updateOrderNotes: apiRoute('PUT', '/orders/{id}/notes', {
    body: UpdateNotesSchema,
    ...order,
    errors: ordersCodes('order_trashed', 'contention'),
  }),
  updateShippingAddress: apiRoute('PUT', '/orders/{id}/shipping-address', {
    body: UpdateShippingAddressSchema,
    ...order,
    errors: ordersCodes('order_trashed', 'contention'),
  }),
  trashOrdersByStatus: apiRoute('DELETE', '/orders/by-status', {
    query: TrashByStatusQuerySchema,
    response: TrashByStatusResultSchema,
  }),
  restoreOrder: apiRoute('POST', '/orders/{id}/restore', order),
  syncOrder: apiRoute('POST', '/orders/{id}/sync', {
    ...order,
    errors: ordersCodes(
      'order_trashed',
      'channel_not_pullable',
      'feed_fetch_failed',
      'feed_order_not_found',
      'dependency_unavailable',
      'contention',
    ),
  }),
  createShipment: apiRoute('POST', '/orders/{id}/shipments', {
    body: CreateShipmentSchema,
    response: ShipmentSchema,
    errors: ordersCodes(
      'order_trashed',
      'invalid_status_transition',
      'line_not_found',
      'over_shipment',
      'nothing_to_ship',
      'contention',
    ),
  }),
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
  expandKits: apiRoute('POST', '/orders/{id}/reservations/expand-kits', {
    response: ExpandKitsResultSchema,
    errors: ordersCodes('order_trashed', 'dependency_unavailable', 'contention'),
  }),
  refreshHolds: apiRoute('POST', '/orders/{id}/lines/{lineId}/refresh-holds', {
    response: RefreshHoldsResultSchema,
    errors: ordersCodes(
      'order_finished',
      'holds_not_refreshable',
      'line_not_found',
      'dependency_unavailable',
      'contention',
    ),
  }),
  fulfillOrder: apiRoute('POST', '/orders/{id}/fulfill', {
    body: FulfillOrderSchema,
    response: FulfillResultSchema,
    errors: ordersCodes('order_trashed', 'invalid_status_transition', 'dependency_unavailable', 'contention'),
  }),
  restoreAndFulfillHolds: apiRoute('POST', '/orders/{id}/restore-and-fulfill-holds', {
    body: RestoreAndFulfillSchema,
    response: FulfillResultSchema,
    errors: ordersCodes(
      'invalid_status_transition',
      'reservation_not_on_order',
      'dependency_unavailable',
      'contention',
    ),
  }),
  releaseStaleHolds: apiRoute('POST', '/orders/release-stale-holds', {
    body: ReleaseStaleHoldsSchema,
    response: ReleaseStaleHoldsResultSchema,
    errors: ordersCodes('dependency_unavailable'),
  }),
  reresolveLines: apiRoute('POST', '/orders/reresolve-lines', {
    body: ReresolveLinesSchema,
    response: ReresolveLinesResultSchema,
    errors: ordersCodes('dependency_unavailable'),
  }),
  allocateReservation: apiRoute('POST', '/reservations/{id}/allocate', {
    body: AllocateReservationSchema,
    response: ReservationSchema,
    errors: ordersCodes(
      'invalid_status_transition',
      'unknown_source',
      'source_not_offering_variant',
      'dependency_unavailable',
      'contention',
    ),
  }),
  deallocateReservation: apiRoute('POST', '/reservations/{id}/deallocate', {
    response: ReservationSchema,
    errors: ordersCodes('invalid_status_transition', 'contention'),
  }),
  availableSources: apiRoute('GET', '/reservations/{id}/available-sources', {
    response: AvailableSourcesSchema,
    errors: ordersCodes('dependency_unavailable'),
  }),
  checkout: apiRoute('POST', '/storefront/orders', {
    body: CheckoutSchema,
    response: StorefrontOrderSchema,
    errors: ordersCodes(
      'storefront_channel_required',
      'unknown_channel',
      'wrong_channel_platform',
      'channel_inactive',
      'unknown_variant',
      'price_missing',
      'variant_not_on_channel',
      'dependency_unavailable',
    ),
  }),
};
