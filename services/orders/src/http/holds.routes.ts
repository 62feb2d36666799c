import { ORDERS_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import type { HoldsGiven } from '../deps';

/** The stock holds: an order's holds and their completeness, fulfilment, stale holds, allocation. */
export function holdsRoutes(router: Router, { reads, commands, fulfil, kits, reresolve }: HoldsGiven): void {
  const api = ORDERS_API;
  bindRoute(router, api.pendingReservations, ({ orgId, query }) => reads.pending(orgId, query.limit));
  bindRoute(router, api.orderReservations, ({ orgId, params }) => reads.ofOrder(orgId, params.id));
  bindRoute(router, api.reservationStatus, ({ orgId, params }) => reads.status(orgId, params.id));
  bindRoute(router, api.expandKits, ({ orgId, params }) => kits.expandKits(orgId, params.id));
  bindRoute(router, api.refreshHolds, ({ orgId, params }) => kits.refreshHolds(orgId, params.id, params.lineId));
  bindRoute(router, api.fulfillOrder, ({ orgId, params, body }) => fulfil.fulfill(orgId, params.id, body));
  bindRoute(router, api.restoreAndFulfillHolds, ({ orgId, params, body }) =>
    fulfil.restoreAndFulfill(orgId, params.id, body.reservationIds),
  );
  bindRoute(router, api.releaseStaleHolds, ({ orgId, body }) => commands.releaseStale(orgId, body));
  bindRoute(router, api.reresolveLines, ({ orgId, body }) => reresolve.run(orgId, body));
  bindRoute(router, api.allocateReservation, ({ orgId, params, body }) =>
    commands.allocate(orgId, params.id, body.sourceChannelId),
  );
  bindRoute(router, api.deallocateReservation, ({ orgId, params }) => commands.deallocate(orgId, params.id));
  bindRoute(router, api.availableSources, ({ orgId, params }) => commands.availableSources(orgId, params.id));
}
