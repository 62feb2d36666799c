import type { Router } from 'express';
import { EVENT_NAMES, WEBHOOKS_API, type WebhookEndpointWithSecretSchema } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { z } from 'zod';
import type { EndpointWithSecret } from '../commands/endpoint-commands';
import type { EndpointsGiven } from '../deps';
import { toWire } from '../domain/endpoint';

type WithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;
// Create and rotate-secret are the only answers that show the secret: the plaintext made
// for the answer, never read back (the stored one is sealed).
const withSecret = ({ endpoint, secret }: EndpointWithSecret): WithSecret => ({ ...toWire(endpoint), secret });

export function endpointsRoutes(router: Router, { commands }: EndpointsGiven): void {
  bindRoute(router, WEBHOOKS_API.listEventNames, () => ({ data: EVENT_NAMES }));

  bindRoute(router, WEBHOOKS_API.listEndpoints, async ({ orgId, query: page }) => {
    const { items, total } = await commands.list(orgId, page);
    return { data: items.map(toWire), total, ...page };
  });

  bindRoute(router, WEBHOOKS_API.createEndpoint, async ({ orgId, body }) =>
    withSecret(await commands.create(orgId, body)),
  );

  bindRoute(router, WEBHOOKS_API.updateEndpoint, async ({ orgId, params, body }) =>
    toWire(await commands.update(orgId, params.id, body)),
  );

  bindRoute(router, WEBHOOKS_API.deleteEndpoint, ({ orgId, params }) => commands.delete(orgId, params.id));

  bindRoute(router, WEBHOOKS_API.rotateSecret, async ({ orgId, params }) =>
    withSecret(await commands.rotateSecret(orgId, params.id)),
  );
}
