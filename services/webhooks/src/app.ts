import type { Express } from 'express';
import type { Connection } from 'mongoose';
import {
  BroadcastCache,
  createServiceApp,
  pingMongo,
  startConsumer,
  type Broker,
  type Consumer,
  type Logger,
} from '@stockyard/service-kit';
import type { Config } from './config';
import type { Resolver } from './domain/endpoint-url';
import { DeliveryWorker, type WorkerOptions } from './delivery/worker';
import { dispatchWebhooksHandler } from './events/handlers/dispatch-webhooks.handler';
import { mountDeliveryRoutes } from './http/deliveries.routes';
import { mountEndpointRoutes } from './http/endpoints.routes';
import { resolveHost } from './net/dns-resolver';
import { DeliveryRepository } from './store/delivery.repository';
import { EndpointRepository, type EnabledEndpoints } from './store/endpoint.repository';

export interface AppDeps {
  config: Config;
  logger: Logger;
  connection: Connection;
  /** Started by the caller; its exchange is the one the dispatcher binds to. */
  broker: Broker;
  resolve?: Resolver;
  worker?: WorkerOptions;
}

export interface WebhooksService {
  app: Express;
  /** Starts the dispatcher consumer and the delivery worker. */
  start(): Promise<void>;
  /** Stops the dispatcher and the worker, waiting for work in flight. */
  stop(): Promise<void>;
  /** The dispatcher once started. */
  readonly consumer?: Consumer;
}

/** The dispatcher's queue (namespaced by the kit when the exchange is not the default). */
export const DISPATCHER_QUEUE = 'webhooks.dispatcher';
/** Events handled at once: each waits on a few store round trips, so many overlap. */
const DISPATCHER_PREFETCH = 64;

export function buildApp(deps: AppDeps): WebhooksService {
  const { config, logger, connection, broker } = deps;
  const enabledByOrg = new BroadcastCache<EnabledEndpoints>(broker, 'webhooks.enabled-endpoints', logger);
  const endpoints = new EndpointRepository(connection, enabledByOrg);
  const deliveries = new DeliveryRepository(connection);
  const urlPolicy = { allowlist: config.WEBHOOK_URL_ALLOWLIST, resolve: deps.resolve ?? resolveHost };
  const send = { timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowlist: config.WEBHOOK_URL_ALLOWLIST };
  const retry = { schedule: config.WEBHOOK_RETRY_SCHEDULE, jitter: config.WEBHOOK_RETRY_JITTER };
  const options = {
    leaseMarginMs: config.WEBHOOK_LEASE_MARGIN_MS,
    pollMs: config.WEBHOOK_POLL_MS,
    concurrency: config.WEBHOOK_CONCURRENCY,
    inlineMs: config.WEBHOOK_INLINE_MS,
  };
  const worker = new DeliveryWorker(deliveries, { endpoints, deliveries, logger, send, retry }, logger, {
    ...options,
    ...deps.worker,
  });

  const app = createServiceApp({
    logger,
    identitySecret: config.IDENTITY_SECRET,
    connection,
    readiness: { mongo: () => pingMongo(connection), broker: () => broker.check() },
    api: (router) => {
      mountEndpointRoutes(router, { endpoints, deliveries, urlPolicy });
      mountDeliveryRoutes(router, { endpoints, deliveries, onReplay: (id) => worker.offer([id]) });
    },
  });

  const handler = dispatchWebhooksHandler({
    endpoints,
    deliver: (delivery, copy, endpoint) => worker.sendNew(delivery, copy, endpoint),
    logger,
  });
  let consumer: Consumer | undefined;
  return {
    app,
    get consumer() {
      return consumer;
    },
    async start() {
      await enabledByOrg.start();
      consumer = await startConsumer(broker, connection, logger, {
        queue: DISPATCHER_QUEUE,
        bindings: ['#'],
        handler,
        prefetch: DISPATCHER_PREFETCH,
        dedupe: false,
      });
      worker.start();
    },
    async stop() {
      await consumer?.stop();
      await worker.stop();
    },
  };
}
