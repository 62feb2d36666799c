import { AggregateStore, isDuplicateKeyError, stateOf, type Decision } from '@stockyard/service-kit';
import { insertAbsent, type Changed } from '@stockyard/service-kit/store';
import type { Hold, NewHold } from '../domain/hold';
import type { HoldModel } from './hold.model';

const OPEN = ['PENDING', 'ALLOCATED'];

/** Every write of a hold goes through the kit's store (version guard); reads by order, variant and status. */
export class HoldRepository {
  readonly store: AggregateStore<Hold>;

  constructor(private readonly model: HoldModel) {
    this.store = new AggregateStore<Hold>(model, undefined, { name: 'Reservation', remember: 10_000 });
  }

  /** Creates the hold unless one of that id exists (the id is the line's: a retried sync makes it once). */
  async createIfAbsent(hold: NewHold): Promise<void> {
    try {
      await this.store.create(hold);
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }

  change<R>(orgId: string, id: string, decide: (current: Hold) => Decision<Hold, R>): Promise<Changed<Hold, R>> {
    return this.store.change(orgId, id, decide);
  }

  /** Many holds of an organization changed in one batched change: an outcome per id. */
  changeMany<R>(orgId: string, ids: readonly string[], decide: (current: Hold) => Decision<Hold, R>) {
    return this.store.changeMany(orgId, ids, decide);
  }

  /** `createIfAbsent` for many, in one insert (those of an id that exists are left as they are). */
  async createManyIfAbsent(holds: readonly NewHold[]): Promise<void> {
    const now = new Date();
    const docs = holds.map(({ id, ...fields }) => ({ ...fields, _id: id, version: 1, createdAt: now, updatedAt: now }));
    await insertAbsent(this.model.collection, docs);
  }

  find(orgId: string, id: string): Promise<Hold | undefined> {
    return this.store.read(orgId, id);
  }

  private async many(filter: Record<string, unknown>, limit = 0): Promise<Hold[]> {
    const docs = await this.model.find(filter).sort({ _id: 1 }).limit(limit).lean();
    return docs.map((d) => stateOf<Hold>(d));
  }

  ofOrder(orgId: string, orderId: string): Promise<Hold[]> {
    return this.many({ orgId, orderId });
  }

  ofOrders(orgId: string, orderIds: string[]): Promise<Hold[]> {
    return orderIds.length === 0 ? Promise.resolve([]) : this.many({ orgId, orderId: { $in: orderIds } });
  }

  /** Open holds on orders that shipped (as the holds last saw them), in id order: release-stale-holds'. */
  stale(orgId: string, limit: number): Promise<Hold[]> {
    return this.many({ orgId, orderStatus: { $in: ['SHIPPED', 'DELIVERED'] }, status: { $in: OPEN } }, limit);
  }

  /** How many open holds each variant has. */
  async openCountOf(orgId: string, variantIds: string[]): Promise<Map<string, number>> {
    const docs = await this.model
      .find({ orgId, variantId: { $in: variantIds }, status: { $in: OPEN } }, { variantId: 1 })
      .lean();
    const counts = new Map<string, number>();
    for (const d of docs) counts.set(d.variantId, (counts.get(d.variantId) ?? 0) + 1);
    return counts;
  }

  /** The organization's holds among the ids (any status). */
  byIds(orgId: string, ids: string[]): Promise<Hold[]> {
    return this.many({ orgId, _id: { $in: ids } });
  }

  /** Open holds of the variants, oldest first, at most `limit`. */
  openOf(orgId: string, variantIds: string[], limit: number): Promise<Hold[]> {
    return this.many({ orgId, variantId: { $in: variantIds }, status: { $in: OPEN } }, limit);
  }

  /** Open holds of the variant in a warehouse (kit-level ones reserve nothing), the oldest first, at most `limit`. */
  async openInWarehouses(orgId: string, variantId: string, limit: number): Promise<Hold[]> {
    const filter = { orgId, variantId, status: { $in: OPEN }, warehouseId: { $ne: null }, kitLevel: { $ne: true } };
    const docs = await this.model.find(filter).sort({ createdAt: 1, _id: 1 }).limit(limit).lean();
    return docs.map((d) => stateOf<Hold>(d));
  }

  /** Open holds linked to the purchase-order line, oldest first (ids are random: by `createdAt`). */
  async linkedTo(orgId: string, purchaseOrderLineId: string): Promise<Hold[]> {
    const docs = await this.model
      .find({ orgId, purchaseOrderLineId, status: { $in: OPEN } })
      .sort({ createdAt: 1, _id: 1 })
      .lean();
    return docs.map((d) => stateOf<Hold>(d));
  }

  /** Holds with a move in flight since before `before` (of every organization): the sweep's. */
  stuck(before: Date, limit: number): Promise<Hold[]> {
    return this.many({ 'pendingMove.at': { $lt: before } }, limit);
  }
}
