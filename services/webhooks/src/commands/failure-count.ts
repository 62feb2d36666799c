import { deliveryEndedChange, endpointDecision, type Endpoint } from '../domain/endpoint';
import type { EndpointStore } from '../store/endpoint.repository';
import type { EndpointWritten } from './endpoint-written';

/**
 * The consecutive-failure rule on the endpoint, as the worker ends a delivery: a success resets
 * the count, the fifth failed delivery in a row disables it (and its pending deliveries stop).
 */
export class FailureCount {
  constructor(
    private readonly store: EndpointStore,
    private readonly written: EndpointWritten,
  ) {}

  /** The endpoint after the count (unchanged when there was nothing to count); undefined when it is gone. */
  deliveryEnded(orgId: string, endpointId: string, succeeded: boolean, now: Date): Promise<Endpoint | undefined> {
    return this.written.change(orgId, endpointId, () =>
      this.store.change(orgId, endpointId, (current) =>
        endpointDecision(current, deliveryEndedChange(current, succeeded, now)),
      ),
    );
  }
}
