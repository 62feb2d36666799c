import type { Router } from 'express';
import {
  CreateWebhookEndpointSchema,
  EVENT_NAMES,
  PageQuerySchema,
  UpdateWebhookEndpointSchema,
  type List,
  type WebhookEndpoint,
  type WebhookEndpointWithSecretSchema,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import type { z } from 'zod';
import { checkEndpointUrl } from '../domain/endpoint-url';
import { newEndpoint, patchChange, rotatedSecret, toWire, type Endpoint } from '../domain/endpoint';
import type { WebhooksDeps } from '../deps';
import { endpointNotFound } from '../domain/endpoint.errors';

type WithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;
// Create and rotate-secret are the only answers that show the secret: the plaintext made
// for the answer, never read back (the stored one is sealed).
const withSecret = (endpoint: Endpoint, secret: string): WithSecret => ({ ...toWire(endpoint), secret });
const found = (endpoint: Endpoint | undefined): Endpoint => {
  if (!endpoint) throw endpointNotFound();
  return endpoint;
};

export function endpointsRoutes(router: Router, deps: WebhooksDeps): void {
  const { endpoints, urlPolicy, secrets } = deps;
  // Before the /webhooks/:id routes, so "events" is never taken for an id.
  router.get('/webhooks/events', (_req, res) => {
    res.json({ data: EVENT_NAMES });
  });

  router.get('/webhooks', async (req, res) => {
    const page = queryOf(req, PageQuerySchema);
    const { items, total } = await endpoints.list(orgIdOf(req), page);
    const body: List<WebhookEndpoint> = { data: items.map(toWire), total, ...page };
    res.json(body);
  });

  router.post('/webhooks', async (req, res) => {
    const orgId = orgIdOf(req);
    const input = bodyOf(req, CreateWebhookEndpointSchema);
    await checkEndpointUrl(input.url, urlPolicy);
    const { endpoint, secret } = newEndpoint(orgId, input, secrets);
    res.status(201).json(withSecret(await endpoints.create(endpoint), secret));
  });
  mountEndpointChanges(router, deps);
}

function mountEndpointChanges(router: Router, { endpoints, deliveries, urlPolicy, secrets }: WebhooksDeps): void {
  router.patch('/webhooks/:id', async (req, res) => {
    const orgId = orgIdOf(req);
    const input = bodyOf(req, UpdateWebhookEndpointSchema);
    // Existence first: another org's id is a 404 whatever the body says.
    found(await endpoints.findById(orgId, req.params.id!));
    if (input.url !== undefined) await checkEndpointUrl(input.url, urlPolicy);
    const updated = found(await endpoints.update(orgId, req.params.id!, () => patchChange(input)));
    res.json(toWire(updated));
  });

  router.delete('/webhooks/:id', async (req, res) => {
    const orgId = orgIdOf(req);
    // The endpoint first: from then on the dispatcher creates nothing for it, and the
    // worker removes a delivery it finds without an endpoint.
    if (!(await endpoints.delete(orgId, req.params.id!))) throw endpointNotFound();
    await deliveries.deleteForEndpoint(orgId, req.params.id!);
    res.status(204).end();
  });

  router.post('/webhooks/:id/rotate-secret', async (req, res) => {
    const { change, secret } = rotatedSecret(req.params.id!, secrets);
    const updated = found(await endpoints.update(orgIdOf(req), req.params.id!, () => change));
    res.status(201).json(withSecret(updated, secret));
  });
}
