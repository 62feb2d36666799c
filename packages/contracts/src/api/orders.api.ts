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
import { declareRoutes } from './bound-route';
import { ordersCodes } from './orders.errors';

const { spec, added, storefront } = declareRoutes('orders');

const paged = <T extends z.ZodObject>(filters: T) => z.intersection(filters, PageQuerySchema);
const order = { response: OrderSchema };

/**
 * The orders service's routes with their wire shapes, the stock holds' (reservations, fulfil,
 * stale holds, allocation, available sources) with them. Rows of the route table not bound
 * here answer 501 (services/orders/README.md says which).
 */
export const ORDERS_API = {
  // Issue #25: an API channel pushes its orders (an upsert on channelId + channelOrderId: 201 new, 200 again).
  importOrder: added('POST', '/orders', 'orders.write', 201, {
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
  // Orders: holds are part of an order, so they need order permissions
  listOrders: spec('GET', '/orders', 'orders.read', 200, {
    query: paged(OrderListQuerySchema),
    response: listOf(OrderSchema),
  }),
  listTrashedOrders: spec('GET', '/orders/trash', 'orders.read', 200, {
    query: PageQuerySchema,
    response: listOf(OrderSchema),
  }),
  orderStats: spec('GET', '/orders/stats', 'orders.read', 200, {
    query: OrderStatsQuerySchema,
    response: OrderStatsSchema,
  }),
  getOrder: spec('GET', '/orders/{id}', 'orders.read', 200, order),
  orderHistory: spec('GET', '/orders/{id}/history', 'orders.read', 200, { response: OrderHistorySchema }),
  updateOrderStatus: spec('PUT', '/orders/{id}/status', 'orders.write', 200, {
    body: UpdateOrderStatusSchema,
    ...order,
    errors: ordersCodes('order_trashed', 'invalid_status_transition', 'contention'),
  }),
  bulkUpdateOrderStatus: spec('PUT', '/orders/bulk/status', 'orders.write', 200, {
    body: BulkUpdateOrderStatusSchema,
    response: BulkStatusResultSchema,
  }),
  updateOrderNotes: spec('PUT', '/orders/{id}/notes', 'orders.write', 200, {
    body: UpdateNotesSchema,
    ...order,
    errors: ordersCodes('order_trashed', 'contention'),
  }),
  updateShippingAddress: spec('PUT', '/orders/{id}/shipping-address', 'orders.write', 200, {
    body: UpdateShippingAddressSchema,
    ...order,
    errors: ordersCodes('order_trashed', 'contention'),
  }),
  trashOrdersByStatus: spec('DELETE', '/orders/by-status', 'orders.write', 200, {
    query: TrashByStatusQuerySchema,
    response: TrashByStatusResultSchema,
  }),
  restoreOrder: spec('POST', '/orders/{id}/restore', 'orders.write', 201, order),
  syncOrder: spec('POST', '/orders/{id}/sync', 'orders.write', 201, {
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
  createShipment: added('POST', '/orders/{id}/shipments', 'shipments.manage', 201, {
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
  listShipments: added('GET', '/shipments', 'shipments.read', 200, {
    query: paged(ShipmentListQuerySchema),
    response: listOf(ShipmentSchema),
  }),
  getShipment: added('GET', '/shipments/{id}', 'shipments.read', 200, { response: ShipmentSchema }),
  pendingReservations: spec('GET', '/orders/pending-reservations', 'orders.read', 200, {
    query: PendingReservationsQuerySchema,
    response: PendingReservationsSchema,
  }),
  orderReservations: spec('GET', '/orders/{id}/reservations', 'orders.read', 200, { response: ReservationListSchema }),
  reservationStatus: spec('GET', '/orders/{id}/reservations/status', 'orders.read', 200, {
    response: ReservationStatusSchema,
  }),
  expandKits: spec('POST', '/orders/{id}/reservations/expand-kits', 'orders.write', 201, {
    response: ExpandKitsResultSchema,
    errors: ordersCodes('order_trashed', 'dependency_unavailable', 'contention'),
  }),
  refreshHolds: spec('POST', '/orders/{id}/lines/{lineId}/refresh-holds', 'orders.write', 201, {
    response: RefreshHoldsResultSchema,
    errors: ordersCodes(
      'order_finished',
      'holds_not_refreshable',
      'line_not_found',
      'dependency_unavailable',
      'contention',
    ),
  }),
  fulfillOrder: spec('POST', '/orders/{id}/fulfill', 'orders.write', 201, {
    body: FulfillOrderSchema,
    response: FulfillResultSchema,
    errors: ordersCodes('order_trashed', 'invalid_status_transition', 'dependency_unavailable', 'contention'),
  }),
  restoreAndFulfillHolds: spec('POST', '/orders/{id}/restore-and-fulfill-holds', 'orders.write', 201, {
    body: RestoreAndFulfillSchema,
    response: FulfillResultSchema,
    errors: ordersCodes(
      'invalid_status_transition',
      'reservation_not_on_order',
      'dependency_unavailable',
      'contention',
    ),
  }),
  releaseStaleHolds: spec('POST', '/orders/release-stale-holds', 'orders.write', 201, {
    body: ReleaseStaleHoldsSchema,
    response: ReleaseStaleHoldsResultSchema,
    errors: ordersCodes('dependency_unavailable'),
  }),
  // The spec allows 200 or 201; 200 because a dry run (the default) creates nothing.
  reresolveLines: spec('POST', '/orders/reresolve-lines', 'orders.write', 200, {
    body: ReresolveLinesSchema,
    response: ReresolveLinesResultSchema,
    errors: ordersCodes('dependency_unavailable'),
  }),
  // Reservations
  allocateReservation: spec('POST', '/reservations/{id}/allocate', 'orders.write', 201, {
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
  deallocateReservation: spec('POST', '/reservations/{id}/deallocate', 'orders.write', 201, {
    response: ReservationSchema,
    errors: ordersCodes('invalid_status_transition', 'contention'),
  }),
  availableSources: spec('GET', '/reservations/{id}/available-sources', 'orders.read', 200, {
    response: AvailableSourcesSchema,
    errors: ordersCodes('dependency_unavailable'),
  }),
  // The checkout: an order on the storefront key's own channel (issue #25).
  checkout: storefront('POST', '/storefront/orders', 'orders.write', 201, {
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
