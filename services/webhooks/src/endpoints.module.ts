import { BroadcastCache, type OutboxRelay, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { resolveHost } from '@stockyard/service-kit/net';
import { EndpointCommands } from './commands/endpoint-commands';
import type { EndpointDeliveries } from './commands/endpoint-deliveries';
import { EndpointRemoval } from './commands/endpoint-removal';
import { EndpointWritten } from './commands/endpoint-written';
import { FailureCount } from './commands/failure-count';
import { SecretSealing } from './commands/secret-sealing';
import type { Config } from './config';
import type { EndpointsGiven } from './deps';
import { EndpointCascade } from './delivery/endpoint-cascade';
import { sealSecrets, stopRetries } from './delivery/endpoint-lifecycle';
import { endpointsRoutes } from './http/endpoints.routes';
import { SecretBox } from './secrets/secret-box';
import { EndpointCascades } from './store/endpoint-cascades.repository';
import { endpointModel } from './store/endpoint.model';
import { EndpointReads, endpointStore, type EnabledEndpoints } from './store/endpoint.repository';

/**
 * Endpoints: their store and reads (with the enabled endpoints of each organization cached on
 * every replica), signing secrets and routes. Disabling one stops its pending deliveries, and
 * deleting one removes them (a cascade finished in the background), so it reaches those
 * commands of the deliveries (`ofDeliveries`, when the work runs). Its writes are recorded in the
 * audit trail through the service's relay. Its parts: sealing the secrets still in plaintext or
 * under an older key (first), then the cache, then the cascades' sweep.
 */
export function endpointsModule(
  { config, connection, broker, logger }: ServiceContext<Config>,
  relay: OutboxRelay,
  ofDeliveries: () => EndpointDeliveries,
): ServiceModule<EndpointsGiven> & { endpoints: EndpointReads; failures: FailureCount; secrets: SecretBox } {
  // The deliveries module is built after this one (it sends with these endpoints): reached when work runs.
  const deliveries: Pick<EndpointDeliveries, 'abandonPending' | 'deletePageForEndpoint'> = {
    abandonPending: (orgId, endpointId, reason, now) => ofDeliveries().abandonPending(orgId, endpointId, reason, now),
    deletePageForEndpoint: (orgId, endpointId, limit) => ofDeliveries().deletePageForEndpoint(orgId, endpointId, limit),
  };
  const secrets = new SecretBox(config.WEBHOOK_SECRET_KEYS);
  const enabledByOrg = new BroadcastCache<EnabledEndpoints>(broker, 'webhooks.enabled-endpoints', logger);
  const model = endpointModel(connection);
  const store = endpointStore(model, relay);
  const endpoints = new EndpointReads(model, store, enabledByOrg);
  const written = new EndpointWritten(enabledByOrg, {
    onDisabled: (orgId, endpointId) => void stopRetries(deliveries, logger, orgId, endpointId),
  });
  const removal = new EndpointRemoval(store, written);
  const cascade = new EndpointCascade(new EndpointCascades(connection), endpoints, removal, deliveries, logger, {
    page: config.WEBHOOK_CASCADE_PAGE,
    sweepMs: config.WEBHOOK_CASCADE_SWEEP_MS,
  });
  const urlPolicy = { allowlist: config.WEBHOOK_URL_ALLOWLIST, resolve: resolveHost };
  const given = { commands: new EndpointCommands(store, endpoints, written, cascade, urlPolicy, secrets) };
  const sealing = new SecretSealing(store, endpoints, written);
  const sealingPart = { start: () => sealSecrets(sealing, secrets, logger) };
  return {
    given,
    /** What the deliveries module sends with: the endpoints to sign for, their failure rule, and their secrets. */
    endpoints,
    failures: new FailureCount(store, written),
    secrets,
    parts: [sealingPart, enabledByOrg, cascade],
    api: (router) => endpointsRoutes(router, given),
  };
}
