import type { Router } from 'express';
import { PageQuerySchema, type List, type WebhookDelivery } from '@stockyard/contracts';
import { orgIdOf, queryOf } from '@stockyard/service-kit';
import { deliveryToWire } from '../domain/delivery';
import type { WebhooksDeps } from '../deps';
import { endpointDisabled, endpointNotFound } from '../domain/endpoint.errors';
import { deliveryNotFound } from '../domain/delivery.errors';

export function deliveriesRoutes(router: Router, { endpoints, deliveries, worker }: WebhooksDeps): void {
  router.get('/webhooks/:id/deliveries', async (req, res) => {
    const orgId = orgIdOf(req);
    const page = queryOf(req, PageQuerySchema);
    if (!(await endpoints.findById(orgId, req.params.id!))) throw endpointNotFound();
    const { items, total } = await deliveries.listForEndpoint(orgId, req.params.id!, page);
    const body: List<WebhookDelivery> = { data: items.map(deliveryToWire), total, ...page };
    res.json(body);
  });

  router.post('/webhooks/deliveries/:deliveryId/replay', async (req, res) => {
    const orgId = orgIdOf(req);
    const existing = await deliveries.findById(orgId, req.params.deliveryId!);
    if (!existing) throw deliveryNotFound();
    const endpoint = await endpoints.findById(orgId, existing.endpointId);
    if (!endpoint) throw deliveryNotFound();
    // It would only be abandoned again: re-enable first (PATCH enabled: true).
    if (!endpoint.enabled) throw endpointDisabled();
    const replayed = await deliveries.replay(orgId, existing.id, new Date());
    worker.offer([replayed.id]); // wakes the worker, so a replay goes out at once
    res.status(201).json(deliveryToWire(replayed));
  });
}
