import { ORDERS_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import { orderView } from '../domain/order-view';
import type { FeedsGiven } from '../deps';

/** Re-pulling one order from its channel's feed. */
export function syncRoutes(router: Router, { sync }: FeedsGiven): void {
  bindRoute(router, ORDERS_API.syncOrder, async ({ orgId, params }) => orderView(await sync.sync(orgId, params.id)));
}
