import type { Router } from 'express';
import { BroadcastCache, type ServiceContext } from '@stockyard/service-kit';
import { resolveHost } from '@stockyard/service-kit/net';
import type { Config } from './config';
import { EndpointCascade } from './delivery/endpoint-cascade';
import { sealSecrets, stopRetries } from './delivery/endpoint-lifecycle';
import { endpointsRoutes } from './http/endpoints.routes';
import { SecretBox } from './secrets/secret-box';
import type { DeliveryRepository } from './store/delivery.repository';
import { EndpointCascades } from './store/endpoint-cascades.repository';
import { EndpointRepository, type EnabledEndpoints } from './store/endpoint.repository';

/**
 * Endpoints: their store (with the enabled endpoints of each organization cached on every
 * replica), signing secrets and routes. Disabling one stops its pending deliveries, and
 * deleting one removes them (a cascade finished in the background), so it is given the
 * deliveries' store. Its parts: sealing the secrets still in plaintext or under an older key
 * (first), then the cache, then the cascades' sweep.
 */
export function endpointsModule(
  { config, connection, broker, logger }: ServiceContext<Config>,
  deliveries: DeliveryRepository,
) {
  const secrets = new SecretBox(config.WEBHOOK_SECRET_KEYS);
  const enabledByOrg = new BroadcastCache<EnabledEndpoints>(broker, 'webhooks.enabled-endpoints', logger);
  const endpoints = new EndpointRepository(connection, enabledByOrg, {
    onDisabled: (orgId, endpointId) => void stopRetries(deliveries, logger, orgId, endpointId),
  });
  const cascade = new EndpointCascade(new EndpointCascades(connection), endpoints, deliveries, logger, {
    page: config.WEBHOOK_CASCADE_PAGE,
    sweepMs: config.WEBHOOK_CASCADE_SWEEP_MS,
  });
  const given = {
    endpoints,
    /** Deleting an endpoint and, in passes, its deliveries. */
    cascade,
    urlPolicy: { allowlist: config.WEBHOOK_URL_ALLOWLIST, resolve: resolveHost },
    /** Seals new and rotated signing secrets (the routes show the plaintext once). */
    secrets,
  };
  const sealing = { start: () => sealSecrets(endpoints, secrets, logger) };
  return {
    given,
    endpoints,
    secrets,
    parts: [sealing, enabledByOrg, cascade],
    mount: (router: Router) => endpointsRoutes(router, given),
  };
}
/** What the endpoints' routes are given. */
export type EndpointsGiven = ReturnType<typeof endpointsModule>['given'];
