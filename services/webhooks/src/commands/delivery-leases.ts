import { randomUUID } from 'node:crypto';
import type { AttemptOutcome, DeliveryAttempt } from '../domain/delivery';
import { deliveryStates } from '../domain/delivery-states';
import type { DeliveryDoc } from '../store/delivery.model';
import { toDelivery, type ClaimedDelivery, type DeliveryReads, type DeliveryStore } from '../store/delivery.repository';

const CLAIM_CANDIDATES = 8;

/**
 * A worker's lease on a delivery, and what it records under it. Each write is one conditional
 * update of the store (`updateWhere`: the document's lock in the process, a condition MongoDB
 * and our FerretDB build check atomically across replicas): a claim only while the delivery is
 * free, a record only while the claim is still the current one.
 */
export class DeliveryLeases {
  constructor(
    private readonly store: DeliveryStore,
    private readonly deliveries: DeliveryReads,
  ) {}

  /**
   * Claims one delivery for `leaseMs` if it is pending, due and not held: one conditional
   * update, atomic on MongoDB (so of two racing replicas only one wins), and exclusive
   * within the process through the store's document lock (FerretDB).
   */
  async claim(id: string, now: Date, leaseMs: number): Promise<ClaimedDelivery | undefined> {
    const leaseId = randomUUID();
    const due = {
      status: 'pending',
      nextAttemptAt: { $lte: now },
      $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }],
    };
    const doc = await this.claimWhere(id, due, leaseId, new Date(now.getTime() + leaseMs));
    return doc?.leaseId === leaseId ? { ...toDelivery(doc), leaseId, leaseUntil: doc.leaseUntil! } : undefined;
  }

  /**
   * Claims a delivery nobody attempted or holds yet, due or not: the one a redelivered copy
   * stored while this process, which took the event's mark, was still sending attempt 1
   * (see DispatchMarks). Its taker records that attempt on it instead of sending another.
   */
  async claimUnattempted(id: string, now: Date, leaseMs: number): Promise<ClaimedDelivery | undefined> {
    const leaseId = randomUUID();
    const unattempted = { status: 'pending', attempts: { $size: 0 }, leaseId: null };
    const doc = await this.claimWhere(id, unattempted, leaseId, new Date(now.getTime() + leaseMs));
    return doc?.leaseId === leaseId ? { ...toDelivery(doc), leaseId, leaseUntil: doc.leaseUntil! } : undefined;
  }

  /** Takes the lease while `condition` holds: the delivery after, or undefined. */
  private claimWhere(id: string, condition: Record<string, unknown>, leaseId: string, leaseUntil: Date) {
    const update = { $set: { leaseUntil, leaseId, updatedAt: new Date() }, $inc: { version: 1 } };
    return this.store.updateWhere(id, condition, update) as Promise<DeliveryDoc | undefined>;
  }

  /** The most overdue claimable delivery, claimed (tests and tools; the worker uses dueIds + claim). */
  async claimDue(now: Date, leaseMs: number): Promise<ClaimedDelivery | undefined> {
    for (const id of await this.deliveries.dueIds(now, CLAIM_CANDIDATES)) {
      const claimed = await this.claim(id, now, leaseMs);
      if (claimed) return claimed;
    }
    return undefined;
  }

  /** Appends the attempt and moves the delivery on; false when the claim was lost meanwhile. */
  async recordAttempt(claim: ClaimedDelivery, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<boolean> {
    return this.releaseWith(claim, { $push: { attempts: attempt }, $set: { ...outcome, lastError: attempt.error } });
  }

  /** Ends a delivery without an attempt (its endpoint was disabled). */
  async abandon(claim: ClaimedDelivery, reason: string): Promise<boolean> {
    const status = deliveryStates.next(claim.status, 'endpoint_disabled');
    return this.releaseWith(claim, { $set: { status, nextAttemptAt: null, lastError: reason } });
  }

  /** Removes a claimed delivery whose endpoint is gone (created while it was being deleted). */
  async remove(claim: ClaimedDelivery): Promise<void> {
    await this.store.remove(claim.orgId, claim.id, { leaseId: claim.leaseId });
  }

  private releaseWith(
    claim: ClaimedDelivery,
    update: { $set: Record<string, unknown>; $push?: Record<string, unknown> },
  ): Promise<boolean> {
    const released = {
      ...update,
      $set: { ...update.$set, leaseUntil: null, leaseId: null, updatedAt: new Date() },
      $inc: { version: 1 },
    };
    return this.store.updateWhere(claim.id, { leaseId: claim.leaseId }, released).then((doc) => doc !== undefined);
  }
}
