import type { Model } from 'mongoose';
import { AggregateStore, findOwned, readPage } from '@stockyard/service-kit';
import type { EventName, Page } from '@stockyard/contracts';
import type { Delivery } from '../domain/delivery';
import type { DeliveryDoc } from './delivery.model';

type DeliveryModel = Model<DeliveryDoc>;

/** A delivery a worker holds; its writes only land while `leaseId` is still the current claim. */
export type ClaimedDelivery = Delivery & { leaseId: string; leaseUntil: Date };

/** A delivery as stored: with the worker's lease and the version that guards replays. */
type StoredDelivery = Delivery & Pick<DeliveryDoc, 'leaseUntil' | 'leaseId' | 'version'>;

export const toDelivery = ({
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

/** The store's state of a delivery as the service answers it: without the worker's lease and the version. */
export const deliveryOf = ({
  leaseUntil: _lease,
  leaseId: _leaseId,
  version: _v,
  ...delivery
}: StoredDelivery): Delivery => delivery;

/** Pending and held by no worker (or by one whose lease ran out: a worker that crashed mid-send). */
export const unheldPending = (now: Date) => ({
  status: 'pending',
  $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }],
});

/**
 * The deliveries' store: the kit's, whose document lock every update of one delivery holds in
 * the process; each is guarded by `version` or `leaseId` (a conditional `updateWhere`), which
 * MongoDB and our FerretDB build check atomically across replicas. Attempts, leases and claims are
 * the worker's bookkeeping, not changes anyone makes: no audit records, and no relay (its sweep
 * would read this large collection for pending events).
 */
export const deliveryStore = (model: DeliveryModel) =>
  new AggregateStore<StoredDelivery>(model, undefined, { name: 'Webhook delivery', audit: false });
export type DeliveryStore = ReturnType<typeof deliveryStore>;

/** The deliveries as read: one, an endpoint's history, the worker's due ones, an endpoint's to close or delete. */
export class DeliveryReads {
  constructor(private readonly model: DeliveryModel) {}

  async find(orgId: string, id: string): Promise<Delivery | undefined> {
    const doc = await findOwned<DeliveryDoc>(this.model, orgId, id);
    return doc ? toDelivery(doc) : undefined;
  }

  async exists(id: string): Promise<boolean> {
    // The whole document, not `exists()`: FerretDB answers a find by _id from its index
    // only without a projection (with one, it reads the collection).
    return (await this.model.findOne({ _id: id }).lean<DeliveryDoc>()) !== null;
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

  /** Ids of the endpoint's pending deliveries no worker holds (its disable closes them). */
  async unheldPendingIds(orgId: string, endpointId: string, now: Date): Promise<string[]> {
    const docs = await this.model
      .find({ orgId, endpointId, ...unheldPending(now) }, { _id: 1 })
      .lean<{ _id: string }[]>();
    return docs.map((d) => d._id);
  }

  /** Up to `limit` ids of the endpoint's deliveries, read from its index (a deletion cascade's page). */
  async pageIdsOfEndpoint(orgId: string, endpointId: string, limit: number): Promise<string[]> {
    const page = await this.model.find({ orgId, endpointId }, { _id: 1 }).limit(limit).lean<{ _id: string }[]>();
    return page.map((d) => d._id);
  }
}
