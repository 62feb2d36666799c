import { randomUUID } from 'node:crypto';
import type { mongo } from 'mongoose';
import { InsertBatcher } from '@stockyard/service-kit/store';
import type { AttemptOutcome, DeliveryAttempt, NewDelivery } from '../domain/delivery';
import type { DeliveryDoc } from '../store/delivery.model';
import { toDelivery, type ClaimedDelivery, type DeliveryStore } from '../store/delivery.repository';
import type { WriteLane } from '../store/write-lane';

/**
 * New deliveries, inserted unless one with their id exists (the id derives from the event and
 * the endpoint). Deliveries created together are written together (one commit on FerretDB's
 * SQLite), in one batched insert through the write lane, beside the store: its `create` inserts
 * one aggregate a call, and these are bookkeeping with no audit record.
 */
export class NewDeliveries {
  private readonly inserts: InsertBatcher<DeliveryDoc>;

  /** `lane`: shared with the dispatch marks' inserts (see WriteLane). */
  constructor(store: DeliveryStore, lane: WriteLane) {
    this.inserts = new InsertBatcher(lane.inserts(store.collection as unknown as mongo.Collection<DeliveryDoc>));
  }

  /**
   * Inserts unless a delivery with this id exists; true when it was new. For tests and
   * tools: the dispatcher stores a delivery with its first attempt (createWithAttempt) or
   * claimed while it runs (createClaimed).
   */
  async createIfAbsent(delivery: NewDelivery): Promise<boolean> {
    return (await this.insert(delivery, null, null)) !== undefined;
  }

  /**
   * Inserts unless a delivery with this id exists, already claimed for `leaseMs` by the
   * worker whose first attempt is under way. Undefined when it existed.
   */
  async createClaimed(delivery: NewDelivery, now: Date, leaseMs: number): Promise<ClaimedDelivery | undefined> {
    const leaseId = randomUUID();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const doc = await this.insert(delivery, leaseUntil, leaseId);
    return doc ? { ...toDelivery(doc), leaseId, leaseUntil } : undefined;
  }

  /** Inserts a delivery whose first attempt was already made, with its outcome; false when it existed. */
  async createWithAttempt(delivery: NewDelivery, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<boolean> {
    const done = { ...delivery, attempts: [attempt], ...outcome, lastError: attempt.error };
    return (await this.insert(done, null, null)) !== undefined;
  }

  private async insert(
    delivery: NewDelivery,
    leaseUntil: Date | null,
    leaseId: string | null,
  ): Promise<DeliveryDoc | undefined> {
    const { id, ...fields } = delivery;
    const now = new Date();
    const doc: DeliveryDoc = { _id: id, ...fields, leaseUntil, leaseId, version: 0, createdAt: now, updatedAt: now };
    return (await this.inserts.insert(doc)) ? doc : undefined;
  }
}
