import { randomUUID } from 'node:crypto';
import type { Connection, Model, mongo } from 'mongoose';
import { AggregateStore, findOwned, readPage } from '@stockyard/service-kit';
import { InsertBatcher } from '@stockyard/service-kit/store';
import type { EventName, Page } from '@stockyard/contracts';
import type { AttemptOutcome, Delivery, DeliveryAttempt, NewDelivery } from '../domain/delivery';
import { deliveryStates } from '../domain/delivery-states';
import { deliveryModel, type DeliveryDoc } from './delivery.model';
import { WriteLane } from './write-lane';

/** A delivery a worker holds; its writes only land while `leaseId` is still the current claim. */
export type ClaimedDelivery = Delivery & { leaseId: string; leaseUntil: Date };

const toDelivery = ({
  _id,
  event,
  leaseUntil: _lease,
  leaseId: _leaseId,
  version: _v,
  ...rest
}: DeliveryDoc): Delivery => ({
  id: _id,
  event: event as EventName,
  ...rest,
});

const CLAIM_CANDIDATES = 8;
/** The replay answer: the delivery re-queued, or why not. */
/** A delivery as stored: with the worker's lease and the version that guards replays. */
type StoredDelivery = Delivery & Pick<DeliveryDoc, 'leaseUntil' | 'leaseId' | 'version'>;

/**
 * Every update of one delivery goes through the kit's store, which holds its document lock
 * in the process; each is guarded by `version` or `leaseId` (a conditional `updateWhere`), which
 * MongoDB and our FerretDB build check atomically across replicas.
 */
export class DeliveryRepository {
  private readonly model: Model<DeliveryDoc>;
  private readonly inserts: InsertBatcher<DeliveryDoc>;

  /** Replays: a read, the state table's check and a version-guarded write (the kit's store). */
  private readonly store: AggregateStore<StoredDelivery>;

  /** `lane`: shared with the dispatch marks' inserts (see WriteLane). */
  constructor(
    connection: Connection,
    private readonly lane = new WriteLane(),
  ) {
    this.model = deliveryModel(connection);
    // Attempts, leases and claims are the worker's bookkeeping, not changes anyone makes: no audit
    // records, and no relay (its sweep would read this large collection for pending events).
    this.store = new AggregateStore<StoredDelivery>(this.model, undefined, { name: 'Webhook delivery', audit: false });
    this.inserts = new InsertBatcher(lane.inserts(this.model.collection as unknown as mongo.Collection<DeliveryDoc>));
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

  async exists(id: string): Promise<boolean> {
    // The whole document, not `exists()`: FerretDB answers a find by _id from its index
    // only without a projection (with one, it reads the collection).
    return (await this.model.findOne({ _id: id }).lean<DeliveryDoc>()) !== null;
  }

  /** Deliveries created together are written together (one commit on FerretDB's SQLite). */
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

  async findById(orgId: string, id: string): Promise<Delivery | undefined> {
    const doc = await findOwned<DeliveryDoc>(this.model, orgId, id);
    return doc ? toDelivery(doc) : undefined;
  }

  /** An endpoint's deliveries, newest first. */
  async listForEndpoint(orgId: string, endpointId: string, page: Page): Promise<{ items: Delivery[]; total: number }> {
    const read = {
      filter: { orgId, endpointId },
      sort: { createdAt: -1 as const, _id: -1 as const },
      page,
      withTotal: true,
    };
    const { data, total } = await readPage(this.model, read, (doc) => toDelivery(doc as unknown as DeliveryDoc));
    return { items: data, total: total! };
  }

  /**
   * Ids of pending deliveries that are due and not held (or whose holder's lease ran out:
   * a worker that crashed mid-send), most overdue first. The worker's safety net: fresh
   * deliveries, replays and its own short retries are handed to it directly, because on
   * FerretDB this query reads the whole collection.
   */
  async dueIds(now: Date, limit: number): Promise<string[]> {
    const docs = await this.model
      .find(
        { status: 'pending', nextAttemptAt: { $lte: now }, $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }] },
        { _id: 1 },
      )
      .sort({ nextAttemptAt: 1 })
      .limit(limit)
      .lean<Pick<DeliveryDoc, '_id'>[]>();
    return docs.map((d) => d._id);
  }

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
    for (const id of await this.dueIds(now, CLAIM_CANDIDATES)) {
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

  /**
   * Ends every pending delivery of the endpoint that no worker holds (its endpoint was just
   * disabled): failed with `reason`, no further attempt, replayable. One under a live lease
   * is left to its worker, which records its attempt, and closes when its next attempt is
   * due. Each is one conditional write of the store, guarded on still being pending and unheld.
   */
  async abandonPending(orgId: string, endpointId: string, reason: string, now = new Date()): Promise<number> {
    const unheld = { status: 'pending', $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }] };
    const docs = await this.model.find({ orgId, endpointId, ...unheld }, { _id: 1 }).lean<{ _id: string }[]>();
    const status = deliveryStates.next('pending', 'endpoint_disabled');
    let closed = 0;
    for (const { _id } of docs) {
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

  /**
   * A failed delivery goes back to pending, due now; its next attempt number follows on.
   * 404 when it is not the organization's; 409 `delivery_not_failed` unless it failed.
   */
  async replay(orgId: string, id: string, now: Date): Promise<Delivery> {
    const { state } = await this.store.change(orgId, id, (delivery) => ({
      state: {
        ...delivery,
        status: deliveryStates.next(delivery.status, 'replay'),
        nextAttemptAt: now,
        leaseUntil: null,
        leaseId: null,
      },
    }));
    return toDelivery(state as unknown as DeliveryDoc);
  }

  /**
   * One pass of an endpoint deletion's cascade: up to `limit` of its deliveries removed (their
   * ids read from the endpoint's index, then deleted by id, taking turns with the inserts).
   * Answers how many it removed: fewer than `limit` when none is left. A deleteMany of all of
   * them grows with the endpoint's history on FerretDB (29,000: 5 s; README: deletion cascades).
   */
  async deletePageForEndpoint(orgId: string, endpointId: string, limit: number): Promise<number> {
    const page = await this.model.find({ orgId, endpointId }, { _id: 1 }).limit(limit).lean<{ _id: string }[]>();
    if (page.length === 0) return 0;
    const _id = { $in: page.map((d) => d._id) };
    await this.lane.run(() => this.model.deleteMany({ _id, orgId, endpointId }).exec());
    return page.length;
  }

  /** Removes a claimed delivery whose endpoint is gone (created while it was being deleted). */
  async remove(claim: ClaimedDelivery): Promise<void> {
    await this.store.remove(claim.orgId, claim.id, { leaseId: claim.leaseId });
  }
}
