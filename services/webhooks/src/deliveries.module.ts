import { EVENT_NAMES } from '@stockyard/contracts';
import { subscription, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { DeliveryCommands } from './commands/delivery-commands';
import { DeliveryLeases } from './commands/delivery-leases';
import { EndpointDeliveries } from './commands/endpoint-deliveries';
import type { FailureCount } from './commands/failure-count';
import { NewDeliveries } from './commands/new-deliveries';
import type { Config } from './config';
import type { DeliveriesGiven } from './deps';
import { DeliveryWorker } from './delivery/worker';
import { dispatchWebhooksHandler } from './events/handlers/dispatch-webhooks.handler';
import { deliveriesRoutes } from './http/deliveries.routes';
import type { SecretBox } from './secrets/secret-box';
import { deliveryModel } from './store/delivery.model';
import { DeliveryReads, deliveryStore } from './store/delivery.repository';
import { DispatchMarks } from './store/dispatch-marks.repository';
import type { EndpointReads } from './store/endpoint.repository';
import { WriteLane } from './store/write-lane';

/** The dispatcher's queue (namespaced by the kit when the exchange is not the default). */
const DISPATCHER_QUEUE = 'webhooks.dispatcher';
/** Events handled at once: each waits on a few store round trips, so many overlap. */
const DISPATCHER_PREFETCH = 64;

/**
 * The deliveries' store, reads and the commands that write them (the module's own, and what specs
 * below the HTTP layer drive). The deliveries' inserts and deletes and the dispatch marks' inserts
 * share one write lane.
 */
export function deliveriesData({ config, connection }: ServiceContext<Config>) {
  const lane = new WriteLane();
  const model = deliveryModel(connection);
  const store = deliveryStore(model);
  const reads = new DeliveryReads(model);
  return {
    store,
    reads,
    created: new NewDeliveries(store, lane),
    leases: new DeliveryLeases(store, reads),
    ofEndpoints: new EndpointDeliveries(store, reads, lane),
    marks: new DispatchMarks(connection, config.WEBHOOK_DISPATCH_MEMORY_DAYS * 24 * 60 * 60_000, lane),
  };
}

/** What the endpoints module gives the deliveries': the endpoints to sign for, their failure rule and secrets. */
interface EndpointsPart {
  endpoints: EndpointReads;
  failures: FailureCount;
  secrets: SecretBox;
}

/**
 * Deliveries: the worker that sends, retries and records them (a part of the service), the
 * dispatcher that makes them from every public event, and their routes. The dispatcher tells
 * copies of an event apart itself (its dispatch marks, per event and endpoint), so it keeps no
 * processed_events record.
 */
export function deliveriesModule(
  ctx: ServiceContext<Config>,
  { endpoints, failures, secrets }: EndpointsPart,
): ServiceModule<DeliveriesGiven> & { ofEndpoints: EndpointDeliveries } {
  const { config, logger } = ctx;
  const { store, reads, created, leases, marks, ofEndpoints } = deliveriesData(ctx);
  const send = { timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowlist: config.WEBHOOK_URL_ALLOWLIST };
  const retry = { schedule: config.WEBHOOK_RETRY_SCHEDULE, jitter: config.WEBHOOK_RETRY_JITTER };
  const worker = new DeliveryWorker(
    reads,
    marks,
    { endpoints, failures, created, leases, logger, send, retry, secrets },
    logger,
    {
      leaseMarginMs: config.WEBHOOK_LEASE_MARGIN_MS,
      pollMs: config.WEBHOOK_POLL_MS,
      concurrency: config.WEBHOOK_CONCURRENCY,
      inlineMs: config.WEBHOOK_INLINE_MS,
    },
  );
  const given = { commands: new DeliveryCommands(endpoints, store, reads, worker), worker };
  const dispatcher = subscription({
    queue: DISPATCHER_QUEUE,
    events: EVENT_NAMES,
    prefetch: DISPATCHER_PREFETCH,
    dedupe: false,
    handler: dispatchWebhooksHandler({ endpoints, deliver: (work, copy) => worker.sendNew(work, copy), logger }),
  });
  return {
    given,
    /** What the endpoints module closes and deletes an endpoint's deliveries with. */
    ofEndpoints,
    parts: [worker],
    subscriptions: [dispatcher],
    api: (router) => deliveriesRoutes(router, given),
  };
}
