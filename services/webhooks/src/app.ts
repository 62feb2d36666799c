import { EVENT_NAMES } from '@stockyard/contracts';
import {
  assemble,
  BroadcastCache,
  defineService,
  resolveHost,
  serviceApp,
  subscription,
  type ServiceContext,
} from '@stockyard/service-kit';
import { configSchema, type Config } from './config';
import type { WebhooksDeps } from './deps';
import { DeliveryWorker } from './delivery/worker';
import { sealSecrets, stopRetries } from './delivery/endpoint-lifecycle';
import { SecretBox } from './secrets/secret-box';
import { dispatchWebhooksHandler } from './events/handlers/dispatch-webhooks.handler';
import { deliveriesRoutes } from './http/deliveries.routes';
import { endpointsRoutes } from './http/endpoints.routes';
import { DeliveryRepository } from './store/delivery.repository';
import { DispatchMarks } from './store/dispatch-marks.repository';
import { WriteLane } from './store/write-lane';
import { EndpointRepository, type EnabledEndpoints } from './store/endpoint.repository';

/** The dispatcher's queue (namespaced by the kit when the exchange is not the default). */
export const DISPATCHER_QUEUE = 'webhooks.dispatcher';
/** Events handled at once: each waits on a few store round trips, so many overlap. */
const DISPATCHER_PREFETCH = 64;

export function buildApp(ctx: ServiceContext<Config>) {
  const { config, connection, broker, logger } = ctx;
  // stores
  const secrets = new SecretBox(config.WEBHOOK_SECRET_KEYS);
  const enabledByOrg = new BroadcastCache<EnabledEndpoints>(broker, 'webhooks.enabled-endpoints', logger);
  const lane = new WriteLane();
  const deliveries = new DeliveryRepository(connection, lane);
  const marks = new DispatchMarks(connection, config.WEBHOOK_DISPATCH_MEMORY_DAYS * 24 * 60 * 60_000, lane);
  const endpoints = new EndpointRepository(connection, enabledByOrg, {
    onDisabled: (orgId, endpointId) => void stopRetries(deliveries, logger, orgId, endpointId),
  });
  // the delivery worker
  const send = { timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowlist: config.WEBHOOK_URL_ALLOWLIST };
  const retry = { schedule: config.WEBHOOK_RETRY_SCHEDULE, jitter: config.WEBHOOK_RETRY_JITTER };
  const worker = new DeliveryWorker(
    deliveries,
    marks,
    { endpoints, deliveries, logger, send, retry, secrets },
    logger,
    {
      leaseMarginMs: config.WEBHOOK_LEASE_MARGIN_MS,
      pollMs: config.WEBHOOK_POLL_MS,
      concurrency: config.WEBHOOK_CONCURRENCY,
      inlineMs: config.WEBHOOK_INLINE_MS,
    },
  );
  const deps: WebhooksDeps = {
    endpoints,
    deliveries,
    worker,
    urlPolicy: { allowlist: config.WEBHOOK_URL_ALLOWLIST, resolve: resolveHost },
    secrets,
  };
  // routes
  const app = serviceApp(ctx, {
    service: 'webhooks',
    api: (router) => {
      endpointsRoutes(router, deps);
      deliveriesRoutes(router, deps);
    },
  });
  // consumers: the dispatcher tells copies of an event apart itself (its dispatch marks,
  // per event and endpoint), so it keeps no processed_events record.
  const dispatcher = subscription({
    queue: DISPATCHER_QUEUE,
    events: EVENT_NAMES,
    prefetch: DISPATCHER_PREFETCH,
    dedupe: false,
    handler: dispatchWebhooksHandler({
      endpoints,
      deliver: (work, copy) => worker.sendNew(work, copy),
      logger,
    }),
  });
  // Secrets still in plaintext or under an older key are sealed with the current one first.
  const sealing = { start: () => sealSecrets(endpoints, secrets, logger) };
  return assemble(ctx, { app, deps, subscriptions: [dispatcher], parts: [sealing, enabledByOrg, worker] });
}

export const webhooks = defineService({ name: 'webhooks', configSchema, build: buildApp });
