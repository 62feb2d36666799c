import type { Router } from 'express';
import {
  CreateWebhookEndpointSchema,
  EVENT_NAMES,
  PageQuerySchema,
  type List,
  type WebhookEndpoint,
  type WebhookEndpointWithSecretSchema,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import type { z } from 'zod';
import { checkEndpointUrl, type UrlPolicy } from '../domain/endpoint-url';
import { newEndpoint, toWire } from '../domain/endpoint';
import type { EndpointRepository } from '../store/endpoint.repository';

export interface EndpointRoutesDeps {
  endpoints: EndpointRepository;
  urlPolicy: UrlPolicy;
}

export function mountEndpointRoutes(router: Router, { endpoints, urlPolicy }: EndpointRoutesDeps): void {
  // Before any /webhooks/:id route a later issue adds, so "events" is never taken for an id.
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
    const endpoint = await endpoints.create(newEndpoint(orgId, input));
    // The only time the secret is shown (rotation aside).
    const body: z.infer<typeof WebhookEndpointWithSecretSchema> = { ...toWire(endpoint), secret: endpoint.secret };
    res.status(201).json(body);
  });
}
