import { ORDERS_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import type { OrdersGiven } from '../deps';

/** Shipments: recorded on an order, listed and read on their own. */
export function shipmentsRoutes(router: Router, { shipments }: OrdersGiven): void {
  const api = ORDERS_API;
  bindRoute(router, api.createShipment, ({ orgId, params, body }) => shipments.create(orgId, params.id, body));
  bindRoute(router, api.listShipments, ({ orgId, query }) => shipments.list(orgId, query));
  bindRoute(router, api.getShipment, ({ orgId, params }) => shipments.get(orgId, params.id));
}
