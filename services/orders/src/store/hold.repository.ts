import type { ReservationStatus } from '@stockyard/contracts';
import { AggregateStore, stateOf, type OrgFilter, type OutboxRelay } from '@stockyard/service-kit';
import { exportPage } from '@stockyard/service-kit/exports';
import type { Hold } from '../domain/hold';
import type { HoldModel } from './hold.model';

const OPEN = ['PENDING', 'ALLOCATED'];

/**
 * The holds' store: the kit's (lock, version guard), the holds this process wrote remembered (a
 * move's plan, call and settle read none), and every write in the audit trail through the
 * service's relay (holds emit no events of their own).
 */
export const holdStore = (model: HoldModel, relay: OutboxRelay) =>
  new AggregateStore<Hold>(model, relay, {
    name: 'Reservation',
    remember: 10_000,
    // A move's plan (its pending move and the count that keys it) and the order's status as the hold
    // saw it are bookkeeping: the trail records what the move settled (status, quantities).
    audit: { ignoredFields: ['pendingMove', 'reserves', 'releases', 'orderStatus'] },
  });
export type HoldStore = ReturnType<typeof holdStore>;

/** What an export of holds filters on, each an equality. */
export interface HoldFilters {
  orderId?: string;
  variantId?: string;
  warehouseId?: string;
  status?: ReservationStatus;
}

const HOLD_FILTERS = ['orderId', 'variantId', 'warehouseId', 'status'] as const;

/** The holds as states: by id, by order, variant and status, the sweep's, and an export's pages. */
export class HoldReads {
  constructor(
    private readonly model: HoldModel,
    private readonly store: HoldStore,
  ) {}

  find(orgId: string, id: string): Promise<Hold | undefined> {
    return this.store.read(orgId, id);
  }

  private async many(filter: Record<string, unknown>, limit = 0): Promise<Hold[]> {
    const docs = await this.model.find(filter, { outbox: 0 }).sort({ _id: 1 }).limit(limit).lean();
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

  /** The organization's holds among the ids (any status), by id. */
  async byIds(orgId: string, ids: readonly string[]): Promise<Hold[]> {
    return [...(await this.store.readMany(orgId, ids)).values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  /** Open holds of the variants, oldest first, at most `limit`. */
  openOf(orgId: string, variantIds: string[], limit: number): Promise<Hold[]> {
    return this.many({ orgId, variantId: { $in: variantIds }, status: { $in: OPEN } }, limit);
  }

  /** Open holds of the variant in a warehouse (kit-level ones reserve nothing), the oldest first, at most `limit`. */
  async openInWarehouses(orgId: string, variantId: string, limit: number): Promise<Hold[]> {
    const filter = { orgId, variantId, status: { $in: OPEN }, warehouseId: { $ne: null }, kitLevel: { $ne: true } };
    const docs = await this.model.find(filter, { outbox: 0 }).sort({ createdAt: 1, _id: 1 }).limit(limit).lean();
    return docs.map((d) => stateOf<Hold>(d));
  }

  /** Open holds linked to the purchase-order line, oldest first (ids are random: by `createdAt`). */
  async linkedTo(orgId: string, purchaseOrderLineId: string): Promise<Hold[]> {
    const docs = await this.model
      .find({ orgId, purchaseOrderLineId, status: { $in: OPEN } }, { outbox: 0 })
      .sort({ createdAt: 1, _id: 1 })
      .lean();
    return docs.map((d) => stateOf<Hold>(d));
  }

  /**
   * An export's page (issue #41): the organization's holds, any status, matching each filter given,
   * oldest first by `(createdAt, _id)`.
   */
  async exportPage(orgId: string, filters: HoldFilters, after: string | null, limit: number) {
    const filter: OrgFilter = { orgId };
    for (const key of HOLD_FILTERS) if (filters[key] !== undefined) filter[key] = filters[key];
    const page = await exportPage(this.model.collection, filter, after, limit, (doc) => stateOf<Hold>(doc));
    return { holds: page.rows, next: page.next };
  }

  /** Holds with a move in flight since before `before` (of every organization): the sweep's. */
  stuck(before: Date, limit: number): Promise<Hold[]> {
    return this.many({ 'pendingMove.at': { $lt: before } }, limit);
  }
}
