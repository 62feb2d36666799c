import { isCatalogEvent, type EventEnvelope } from '@stockyard/contracts';
import type { Logger } from '@stockyard/service-kit';
import { newDelivery } from '../../domain/delivery';
import type { DeliveryRepository } from '../../store/delivery.repository';
import type { EndpointRepository } from '../../store/endpoint.repository';

export interface DispatchDeps {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  logger: Logger;
  /** Wakes the delivery worker so the first attempt does not wait for its next poll. */
  onDeliveriesCreated: () => void;
}

/**
 * Turns a catalog event into one delivery per subscribed, enabled endpoint of the
 * event's organization. Internal events never leave. Safe to run twice for one event:
 * delivery ids derive from (event id, endpoint id), so the second run inserts nothing.
 */
export function dispatchWebhooksHandler(deps: DispatchDeps) {
  return async (event: EventEnvelope): Promise<void> => {
    const name = event.name;
    if (!isCatalogEvent(name)) return;
    const endpoints = await deps.endpoints.subscribedTo(event.orgId, name);
    const now = new Date();
    let created = 0;
    for (const endpoint of endpoints) {
      if (await deps.deliveries.createIfAbsent(newDelivery({ ...event, name }, endpoint.id, now))) created++;
    }
    if (endpoints.length > 0) deps.onDeliveriesCreated();
    deps.logger.debug({ eventId: event.id, event: name, orgId: event.orgId, endpoints: endpoints.length, created }, 'event dispatched');
  };
}
