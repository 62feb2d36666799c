import type { Page } from '@stockyard/contracts';
import type { DeliveryWorker } from '../delivery/worker';
import type { Delivery } from '../domain/delivery';
import { deliveryNotFound } from '../domain/delivery.errors';
import { endpointDisabled, endpointNotFound } from '../domain/endpoint.errors';
import type { DeliveryRepository } from '../store/delivery.repository';
import type { EndpointRepository } from '../store/endpoint.repository';

/** An endpoint's deliveries, and a replay of one (handed to the worker at once). */
export class DeliveryCommands {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly worker: Pick<DeliveryWorker, 'offer'>,
  ) {}

  async listForEndpoint(orgId: string, endpointId: string, page: Page): Promise<{ items: Delivery[]; total: number }> {
    if (!(await this.endpoints.findById(orgId, endpointId))) throw endpointNotFound();
    return this.deliveries.listForEndpoint(orgId, endpointId, page);
  }

  async replay(orgId: string, deliveryId: string): Promise<Delivery> {
    const existing = await this.deliveries.findById(orgId, deliveryId);
    if (!existing) throw deliveryNotFound();
    const endpoint = await this.endpoints.findById(orgId, existing.endpointId);
    if (!endpoint) throw deliveryNotFound();
    // It would only be abandoned again: re-enable first (PATCH enabled: true).
    if (!endpoint.enabled) throw endpointDisabled();
    const replayed = await this.deliveries.replay(orgId, existing.id, new Date());
    this.worker.offer([replayed.id]); // wakes the worker, so a replay goes out at once
    return replayed;
  }
}
