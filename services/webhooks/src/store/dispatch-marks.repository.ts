import type { Connection, Model, mongo } from 'mongoose';
import { InsertBatcher } from '@stockyard/service-kit/store';
import type { NewDelivery } from '../domain/delivery';
import { dispatchMarkModel, type DispatchMarkDoc } from './dispatch-mark.model';
import { WriteLane } from './write-lane';

/** How often, at most, marks past their retention are deleted (FerretDB has no TTL indexes). */
const SWEEP_EVERY_MS = 60 * 60_000;

type Marked = Pick<NewDelivery, 'id' | 'orgId' | 'endpointId' | 'eventId'>;

/**
 * What the dispatcher accepted for delivery, per endpoint and event, kept for
 * `retentionMs`: the durable answer to "was this event already sent to this endpoint?"
 * that survives restarts of this service and re-publications by the producer.
 */
export class DispatchMarks {
  private readonly model: Model<DispatchMarkDoc>;
  private readonly inserts: InsertBatcher<DispatchMarkDoc>;
  private lastSweep = 0;

  /** `lane`: shared with the deliveries' inserts (see WriteLane). */
  constructor(
    connection: Connection,
    private readonly retentionMs: number,
    lane = new WriteLane(),
  ) {
    this.model = dispatchMarkModel(connection);
    this.inserts = new InsertBatcher(
      lane.inserts(this.model.collection as unknown as mongo.Collection<DispatchMarkDoc>, true),
    );
  }

  /**
   * Takes the marks of an event's deliveries, all in one batch (with whatever other events'
   * marks are waiting): true for each taken here, false for each some copy took before.
   * The unique `_id` makes this exact across copies, replicas and restarts.
   */
  take(deliveries: readonly Marked[], now: Date, holdMs: number): Promise<boolean[]> {
    this.sweep(now);
    const holdUntil = new Date(now.getTime() + holdMs);
    return this.inserts.insertAll(
      deliveries.map((d) => ({
        _id: d.id,
        orgId: d.orgId,
        endpointId: d.endpointId,
        eventId: d.eventId,
        at: now,
        holdUntil,
      })),
    );
  }

  /** Until when the mark's taker may still be storing its delivery; undefined without a mark. */
  async holdUntil(id: string): Promise<Date | undefined> {
    // The whole document: FerretDB answers a find by _id from its index only without a projection.
    return (await this.model.findOne({ _id: id }).lean<DispatchMarkDoc>())?.holdUntil;
  }

  private sweep(now: Date): void {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    void this.model
      .deleteMany({ at: { $lt: new Date(now.getTime() - this.retentionMs) } })
      .exec()
      .catch(() => undefined);
  }
}
