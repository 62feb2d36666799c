import { isCatalogEvent, type EventEnvelope } from '@stockyard/contracts';
import type { EventCopy, Logger } from '@stockyard/service-kit';
import { newDelivery, type NewDelivery } from '../../domain/delivery';
import type { EndpointRepository, EndpointSnapshot } from '../../store/endpoint.repository';

export interface DispatchDeps {
  endpoints: EndpointRepository;
  /**
   * Sends and stores a new delivery unless it was sent already (the worker's sendNew);
   * resolves when it is durable, so the event is acknowledged only then.
   */
  deliver: (delivery: NewDelivery, copy: EventCopy, endpoint: EndpointSnapshot) => Promise<void>;
  logger: Logger;
}

/**
 * Turns a catalog event into one delivery per subscribed, enabled endpoint of the
 * event's organization. Internal events never leave. Copies of one event (published
 * twice, redelivered, retried) are told apart by the worker, not the consumer: delivery
 * ids derive from (event id, endpoint id); see DeliveryWorker.sendNew.
 */
export function dispatchWebhooksHandler(deps: DispatchDeps) {
  return async (event: EventEnvelope, copy: EventCopy = { maybeSeenBefore: true }): Promise<void> => {
    const name = event.name;
    if (!isCatalogEvent(name)) return;
    const endpoints = await deps.endpoints.subscribedTo(event.orgId, name);
    const now = new Date();
    await Promise.all(
      endpoints.map((snapshot) =>
        deps.deliver(newDelivery({ ...event, name }, snapshot.endpoint.id, now), copy, snapshot),
      ),
    );
    deps.logger.debug(
      { eventId: event.id, event: name, orgId: event.orgId, endpoints: endpoints.length },
      'event dispatched',
    );
  };
}
