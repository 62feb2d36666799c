import type { Router } from 'express';
import { WEBHOOKS_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import { deliveryToWire } from '../domain/delivery';
import type { DeliveriesGiven } from '../deliveries.module';
import { endpointDisabled, endpointNotFound } from '../domain/endpoint.errors';
import { deliveryNotFound } from '../domain/delivery.errors';

export function deliveriesRoutes(router: Router, { endpoints, deliveries, worker }: DeliveriesGiven): void {
  bindRoute(router, WEBHOOKS_API.listDeliveries, async ({ orgId, params, query: page }) => {
    if (!(await endpoints.findById(orgId, params.id))) throw endpointNotFound();
    const { items, total } = await deliveries.listForEndpoint(orgId, params.id, page);
    return { data: items.map(deliveryToWire), total, ...page };
  });

  bindRoute(router, WEBHOOKS_API.replayDelivery, async ({ orgId, params }) => {
    const existing = await deliveries.findById(orgId, params.deliveryId);
    if (!existing) throw deliveryNotFound();
    const endpoint = await endpoints.findById(orgId, existing.endpointId);
    if (!endpoint) throw deliveryNotFound();
    // It would only be abandoned again: re-enable first (PATCH enabled: true).
    if (!endpoint.enabled) throw endpointDisabled();
    const replayed = await deliveries.replay(orgId, existing.id, new Date());
    worker.offer([replayed.id]); // wakes the worker, so a replay goes out at once
    return deliveryToWire(replayed);
  });
}
