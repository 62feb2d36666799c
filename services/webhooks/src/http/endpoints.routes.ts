import type { Router } from 'express';
import { EVENT_NAMES, WEBHOOKS_API, type WebhookEndpointWithSecretSchema } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { z } from 'zod';
import { checkEndpointUrl } from '../domain/endpoint-url';
import { newEndpoint, patchChange, rotatedSecret, toWire, type Endpoint } from '../domain/endpoint';
import type { EndpointsGiven } from '../endpoints.module';
import { endpointNotFound } from '../domain/endpoint.errors';

type WithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;
// Create and rotate-secret are the only answers that show the secret: the plaintext made
// for the answer, never read back (the stored one is sealed).
const withSecret = (endpoint: Endpoint, secret: string): WithSecret => ({ ...toWire(endpoint), secret });
const found = (endpoint: Endpoint | undefined): Endpoint => {
  if (!endpoint) throw endpointNotFound();
  return endpoint;
};

export function endpointsRoutes(router: Router, deps: EndpointsGiven): void {
  const { endpoints, urlPolicy, secrets } = deps;
  bindRoute(router, WEBHOOKS_API.listEventNames, () => ({ data: EVENT_NAMES }));

  bindRoute(router, WEBHOOKS_API.listEndpoints, async ({ orgId, query: page }) => {
    const { items, total } = await endpoints.list(orgId, page);
    return { data: items.map(toWire), total, ...page };
  });

  bindRoute(router, WEBHOOKS_API.createEndpoint, async ({ orgId, body }) => {
    await checkEndpointUrl(body.url, urlPolicy);
    const created = await endpoints.create(newEndpoint(orgId, body, secrets));
    // The secret as stored: a keyed create run again after a crash answers the first run's endpoint.
    return withSecret(created, secrets.open(created.secret, created.id));
  });
  mountEndpointChanges(router, deps);
}

function mountEndpointChanges(router: Router, { endpoints, cascade, urlPolicy, secrets }: EndpointsGiven): void {
  bindRoute(router, WEBHOOKS_API.updateEndpoint, async ({ orgId, params, body }) => {
    // Existence first: another org's id is a 404 whatever the body says.
    found(await endpoints.findById(orgId, params.id));
    if (body.url !== undefined) await checkEndpointUrl(body.url, urlPolicy);
    return toWire(found(await endpoints.update(orgId, params.id, () => patchChange(body))));
  });

  bindRoute(router, WEBHOOKS_API.deleteEndpoint, async ({ orgId, params }) => {
    // The endpoint at once; its deliveries a page now and the rest in the background.
    if (!(await cascade.deleteEndpoint(orgId, params.id))) throw endpointNotFound();
  });

  bindRoute(router, WEBHOOKS_API.rotateSecret, async ({ orgId, params }) => {
    const { change, secret } = rotatedSecret(params.id, secrets);
    return withSecret(found(await endpoints.update(orgId, params.id, () => change)), secret);
  });
}
