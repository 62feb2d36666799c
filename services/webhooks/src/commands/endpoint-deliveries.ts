import { deliveryStates } from '../domain/delivery-states';
import { unheldPending, type DeliveryReads, type DeliveryStore } from '../store/delivery.repository';
import type { WriteLane } from '../store/write-lane';

/** What an endpoint's disable or deletion does to its deliveries. */
export class EndpointDeliveries {
  /** `lane`: the deletes take turns with the deliveries' and the marks' inserts (see WriteLane). */
  constructor(
    private readonly store: DeliveryStore,
    private readonly deliveries: DeliveryReads,
    private readonly lane: WriteLane,
  ) {}

  /**
   * Ends every pending delivery of the endpoint that no worker holds (its endpoint was just
   * disabled): failed with `reason`, no further attempt, replayable. One under a live lease
   * is left to its worker, which records its attempt, and closes when its next attempt is
   * due. Each is one conditional write of the store, guarded on still being pending and unheld.
   */
  async abandonPending(orgId: string, endpointId: string, reason: string, now = new Date()): Promise<number> {
    const unheld = unheldPending(now);
    const ids = await this.deliveries.unheldPendingIds(orgId, endpointId, now);
    const status = deliveryStates.next('pending', 'endpoint_disabled');
    let closed = 0;
    for (const _id of ids) {
      const result = await this.store.updateWhere(_id, unheld, {
        $set: {
          status,
          nextAttemptAt: null,
          lastError: reason,
          leaseUntil: null,
          leaseId: null,
          updatedAt: new Date(),
        },
        $inc: { version: 1 },
      });
      if (result) closed += 1;
    }
    return closed;
  }

  /**
   * One pass of an endpoint deletion's cascade: up to `limit` of its deliveries removed (their
   * ids read from the endpoint's index, then deleted by id, taking turns with the inserts).
   * Answers how many it removed: fewer than `limit` when none is left. A deleteMany of all of
   * them grows with the endpoint's history on FerretDB (29,000: 5 s; README: deletion cascades).
   */
  async deletePageForEndpoint(orgId: string, endpointId: string, limit: number): Promise<number> {
    const page = await this.deliveries.pageIdsOfEndpoint(orgId, endpointId, limit);
    if (page.length === 0) return 0;
    const _id = { $in: page };
    await this.lane.run(() => this.store.collection.deleteMany({ _id, orgId, endpointId } as never));
    return page.length;
  }
}
