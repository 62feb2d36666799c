import type { DeliveryWorker } from './delivery/worker';
import type { UrlPolicy } from './domain/endpoint-url';
import type { SecretBox } from './secrets/secret-box';
import type { DeliveryRepository } from './store/delivery.repository';
import type { EndpointRepository } from './store/endpoint.repository';

/** What the webhooks service's routes and handlers are given (built in app.ts). */
export interface WebhooksDeps {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  worker: DeliveryWorker;
  urlPolicy: UrlPolicy;
  /** Seals new and rotated signing secrets (the routes show the plaintext once). */
  secrets: SecretBox;
}
