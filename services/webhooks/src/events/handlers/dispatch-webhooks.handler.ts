import { isPublicEvent, type EventEnvelope } from '@stockyard/contracts';
import { type EventCopy, type Logger } from '@stockyard/service-kit';
import { currentTraceparent } from '@stockyard/service-kit/ops';
import { newDelivery } from '../../domain/delivery';
import type { NewWork } from '../../delivery/worker';
import type { EndpointReads } from '../../store/endpoint.repository';

interface DispatchDeps {
  endpoints: Pick<EndpointReads, 'subscribedTo'>;
  /**
   * Sends and stores an event's new deliveries, except those some copy of the event was
   * accepted for already (the worker's sendNew); resolves when they are durable, so the
   * event is acknowledged only then.
   */
  deliver: (work: NewWork[], copy: EventCopy) => Promise<void>;
  logger: Logger;
}

/**
 * Turns a catalog event into one delivery per subscribed, enabled endpoint of the
 * event's organization. Internal events never leave. Copies of one event (published
 * twice, redelivered, retried) are told apart by the worker's durable dispatch marks, not
 * the consumer: delivery ids derive from (event id, endpoint id); see DeliveryWorker.sendNew.
 */
export function dispatchWebhooksHandler(deps: DispatchDeps) {
  return async (event: EventEnvelope, copy: EventCopy = { maybeSeenBefore: true }): Promise<void> => {
    const name = event.name;
    if (!isPublicEvent(name)) return;
    const endpoints = await deps.endpoints.subscribedTo(event.orgId, name);
    const now = new Date();
    const trace = currentTraceparent();
    const work = endpoints.map((endpoint) => ({
      delivery: newDelivery({ ...event, name }, endpoint.endpoint.id, now, trace),
      endpoint,
    }));
    if (work.length > 0) await deps.deliver(work, copy);
    deps.logger.debug(
      { eventId: event.id, event: name, orgId: event.orgId, endpoints: endpoints.length },
      'event dispatched',
    );
  };
}
