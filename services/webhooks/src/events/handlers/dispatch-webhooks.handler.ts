import { isCatalogEvent, type EventEnvelope } from '@stockyard/contracts';
import type { Logger } from '@stockyard/service-kit';
import { newDelivery } from '../../domain/delivery';
import type { DeliveryRepository } from '../../store/delivery.repository';
import type { EndpointRepository } from '../../store/endpoint.repository';

export interface DispatchDeps {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  logger: Logger;
  /** Hands the new deliveries to the worker, so the first attempt does not wait for its scan. */
  onDeliveriesCreated: (deliveryIds: string[]) => void;
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
    const created: string[] = [];
    for (const endpoint of endpoints) {
      const delivery = newDelivery({ ...event, name }, endpoint.id, now);
      if (await deps.deliveries.createIfAbsent(delivery)) created.push(delivery.id);
    }
    if (created.length > 0) deps.onDeliveriesCreated(created);
    deps.logger.debug({ eventId: event.id, event: name, orgId: event.orgId, endpoints: endpoints.length, created: created.length }, 'event dispatched');
  };
}
