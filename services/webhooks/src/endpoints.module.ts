import { BroadcastCache, type OutboxRelay, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { resolveHost } from '@stockyard/service-kit/net';
import { EndpointCommands } from './commands/endpoint-commands';
import type { Config } from './config';
import type { EndpointsGiven } from './deps';
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
 * deliveries' store. Its writes are recorded in the audit trail through the service's relay.
 * Its parts: sealing the secrets still in plaintext or under an older key (first), then the
 * cache, then the cascades' sweep.
 */
export function endpointsModule(
  { config, connection, broker, logger }: ServiceContext<Config>,
  relay: OutboxRelay,
  deliveries: DeliveryRepository,
): ServiceModule<EndpointsGiven> & { endpoints: EndpointRepository; secrets: SecretBox } {
  const secrets = new SecretBox(config.WEBHOOK_SECRET_KEYS);
  const enabledByOrg = new BroadcastCache<EnabledEndpoints>(broker, 'webhooks.enabled-endpoints', logger);
  const endpoints = new EndpointRepository(
    connection,
    enabledByOrg,
    { onDisabled: (orgId, endpointId) => void stopRetries(deliveries, logger, orgId, endpointId) },
    relay,
  );
  const cascade = new EndpointCascade(new EndpointCascades(connection), endpoints, deliveries, logger, {
    page: config.WEBHOOK_CASCADE_PAGE,
    sweepMs: config.WEBHOOK_CASCADE_SWEEP_MS,
  });
  const urlPolicy = { allowlist: config.WEBHOOK_URL_ALLOWLIST, resolve: resolveHost };
  const given = { commands: new EndpointCommands(endpoints, cascade, urlPolicy, secrets) };
  const sealing = { start: () => sealSecrets(endpoints, secrets, logger) };
  return {
    given,
    /** What the deliveries module sends with: the endpoints to sign for, and their secrets. */
    endpoints,
    secrets,
    parts: [sealing, enabledByOrg, cascade],
    api: (router) => endpointsRoutes(router, given),
  };
}
