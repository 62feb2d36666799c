import type { Page } from '@stockyard/contracts';
import type { DeliveryWorker } from '../delivery/worker';
import type { Delivery } from '../domain/delivery';
import { deliveryStates } from '../domain/delivery-states';
import { deliveryNotFound } from '../domain/delivery.errors';
import { endpointDisabled, endpointNotFound } from '../domain/endpoint.errors';
import { deliveryOf, type DeliveryReads, type DeliveryStore } from '../store/delivery.repository';
import type { EndpointReads } from '../store/endpoint.repository';

/** An endpoint's deliveries, and a replay of one (handed to the worker at once). */
export class DeliveryCommands {
  constructor(
    private readonly endpoints: EndpointReads,
    private readonly store: DeliveryStore,
    private readonly deliveries: DeliveryReads,
    private readonly worker: Pick<DeliveryWorker, 'offer'>,
  ) {}

  async listForEndpoint(orgId: string, endpointId: string, page: Page): Promise<{ items: Delivery[]; total: number }> {
    if (!(await this.endpoints.find(orgId, endpointId))) throw endpointNotFound();
    return this.deliveries.listForEndpoint(orgId, endpointId, page);
  }

  /**
   * A failed delivery goes back to pending, due now; its next attempt number follows on. 409
   * `delivery_not_failed` unless it failed (a read, the state table's check and a version-guarded
   * write: the kit's store).
   */
  async replay(orgId: string, deliveryId: string): Promise<Delivery> {
    const existing = await this.deliveries.find(orgId, deliveryId);
    if (!existing) throw deliveryNotFound();
    const endpoint = await this.endpoints.find(orgId, existing.endpointId);
    if (!endpoint) throw deliveryNotFound();
    // It would only be abandoned again: re-enable first (PATCH enabled: true).
    if (!endpoint.enabled) throw endpointDisabled();
    const now = new Date();
    const { state } = await this.store.change(orgId, existing.id, (delivery) => ({
      state: {
        ...delivery,
        status: deliveryStates.next(delivery.status, 'replay'),
        nextAttemptAt: now,
        leaseUntil: null,
        leaseId: null,
      },
    }));
    this.worker.offer([state.id]); // wakes the worker, so a replay goes out at once
    return deliveryOf(state);
  }
}
