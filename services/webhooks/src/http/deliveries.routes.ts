import type { Router } from 'express';
import { WEBHOOKS_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { DeliveriesGiven } from '../deps';
import { deliveryToWire } from '../domain/delivery';

export function deliveriesRoutes(router: Router, { commands }: DeliveriesGiven): void {
  bindRoute(router, WEBHOOKS_API.listDeliveries, async ({ orgId, params, query: page }) => {
    const { items, total } = await commands.listForEndpoint(orgId, params.id, page);
    return { data: items.map(deliveryToWire), total, ...page };
  });

  bindRoute(router, WEBHOOKS_API.replayDelivery, async ({ orgId, params }) =>
    deliveryToWire(await commands.replay(orgId, params.deliveryId)),
  );
}
