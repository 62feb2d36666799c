import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import { isDuplicateKeyError } from '@stockyard/service-kit';
import type { EventName } from '@stockyard/contracts';
import type { AttemptOutcome, Delivery, DeliveryAttempt, NewDelivery } from '../domain/delivery';
import { deliveryModel, type DeliveryDoc } from './delivery.model';

/** A delivery a worker holds; its writes only land while `leaseId` is still the current claim. */
export type ClaimedDelivery = Delivery & { leaseId: string };

const toDelivery = ({ _id, event, leaseUntil: _lease, leaseId: _leaseId, ...rest }: DeliveryDoc): Delivery => ({
  id: _id,
  event: event as EventName,
  ...rest,
});

export class DeliveryRepository {
  private readonly model: Model<DeliveryDoc>;

  constructor(connection: Connection) {
    this.model = deliveryModel(connection);
  }

  /** Inserts unless a delivery with this id exists; true when it was new. */
  async createIfAbsent(delivery: NewDelivery): Promise<boolean> {
    const { id, ...fields } = delivery;
    try {
      await this.model.create({ _id: id, ...fields, leaseUntil: null, leaseId: null });
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }

  async findById(orgId: string, id: string): Promise<Delivery | undefined> {
    const doc = await this.model.findOne({ _id: id, orgId }).lean<DeliveryDoc>();
    return doc ? toDelivery(doc) : undefined;
  }

  /**
   * Atomically takes the most overdue pending delivery that nobody holds, or whose
   * holder's lease ran out (a worker that crashed mid-send), for `leaseMs`.
   */
  async claimDue(now: Date, leaseMs: number): Promise<ClaimedDelivery | undefined> {
    const leaseId = randomUUID();
    const doc = await this.model
      .findOneAndUpdate(
        { status: 'pending', nextAttemptAt: { $lte: now }, $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }] },
        { $set: { leaseUntil: new Date(now.getTime() + leaseMs), leaseId } },
        { sort: { nextAttemptAt: 1 }, new: true },
      )
      .lean<DeliveryDoc>();
    return doc ? { ...toDelivery(doc), leaseId } : undefined;
  }

  /** Appends the attempt and moves the delivery on; false when the claim was lost meanwhile. */
  async recordAttempt(claim: ClaimedDelivery, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: claim.id, leaseId: claim.leaseId },
      {
        $push: { attempts: attempt },
        $set: { ...outcome, lastError: attempt.error, leaseUntil: null, leaseId: null },
      },
    );
    return result.modifiedCount === 1;
  }

  /** Ends a delivery without an attempt (its endpoint was disabled or deleted). */
  async abandon(claim: ClaimedDelivery, reason: string): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: claim.id, leaseId: claim.leaseId },
      { $set: { status: 'failed', nextAttemptAt: null, lastError: reason, leaseUntil: null, leaseId: null } },
    );
    return result.modifiedCount === 1;
  }
}
