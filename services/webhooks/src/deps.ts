import type { DeliveriesGiven } from './deliveries.module';
import type { EndpointsGiven } from './endpoints.module';

/**
 * What the webhooks' modules give their routes (built in app.ts), by module. This service has
 * no command layer: its routes call the stores and the worker, whose methods are its use cases.
 */
export interface WebhooksDeps {
  endpoints: EndpointsGiven;
  deliveries: DeliveriesGiven;
}
