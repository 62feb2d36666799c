import type { Order as OrderWire, OrderListQuery } from '@stockyard/contracts';
import {
  AggregateStore,
  findOwned,
  readPage,
  stateOf,
  type OutboxRelay,
  type UniqueClaims,
} from '@stockyard/service-kit';
import { RowLists, type TermPresence } from '@stockyard/service-kit/store';
import { ASSEMBLY_TERMS, assemblyTerm } from '../domain/order-search';
import type { Order } from '../domain/order';
import { channelOrderKey } from './channel-order-claims';
import type { HoldsTrigger } from './holds-trigger';
import type { OrderModel } from './order.model';
import { orderFilter, orderSort } from './order-filter';
import type { OrderRowModel } from './order-row.model';
import type { OrderRows } from './order-rows';
import type { OrderStatsBuckets } from './order-stats.repository';
import type { OrderTerms } from './order-terms';
import type { ShipmentList } from './shipment-list';

/** States this process remembers after its writes (a channel sending an order again skips a read). */
const REMEMBERED = 5_000;

/**
 * The orders' store: the kit's (lock, version guard, outbox), the channel-order key claimed, and
 * the orders' projections kept with every write (search terms, list rows, shipments, stats, holds).
 */
export const orderStore = (
  model: OrderModel,
  relay: OutboxRelay,
  claims: UniqueClaims,
  projections: {
    terms: OrderTerms;
    rows: OrderRows;
    shipments: ShipmentList;
    stats: OrderStatsBuckets;
    holds: HoldsTrigger;
  },
) =>
  new AggregateStore<Order>(model, relay, {
    name: 'Order',
    remember: REMEMBERED,
    // Trashed orders keep their key: the channel sending one again finds it.
    unique: { claims, valuesOf: (o) => [channelOrderKey(o)] },
    projections: [projections.terms, projections.rows, projections.shipments, projections.stats, projections.holds],
  });
export type OrderStore = ReturnType<typeof orderStore>;

/**
 * A row's packed view. A row written before fulfilment was shown lacks its fields: read as
 * nothing fulfilled, as its order reads (domain/order-fulfilment.ts), until the order's next write.
 */
const viewOf = (doc: Record<string, unknown>): OrderWire => {
  const view = JSON.parse(doc.view as string) as Omit<OrderWire, 'fulfillmentStatus'> & Partial<OrderWire>;
  if (view.fulfillmentStatus) return view as OrderWire;
  return {
    ...view,
    lines: view.lines.map((l) => ({ ...l, fulfilledQuantity: 0, fulfillmentStatus: 'UNFULFILLED' })),
    fulfillmentStatus: 'UNFULFILLED',
    fulfilledAt: null,
  };
};

/** The orders' lists (GET /orders, the trash, an export's pages), read from their rows (order-rows.ts). */
export const orderLists = (rows: OrderRowModel, terms: OrderTerms) =>
  new RowLists<OrderListQuery, Partial<OrderListQuery>, OrderWire>(rows, {
    candidates: async (orgId, query) => (query.search ? terms.searchCandidates(orgId, query.search) : undefined),
    filter: orderFilter,
    sort: orderSort,
    viewOf,
    // The default sort's index, and the dates' range.
    exportField: 'orderedAt',
  });
export type OrderLists = ReturnType<typeof orderLists>;

/** The orders as states (by id, by ids), and the ids of some by their rows or terms. */
export class OrderReads {
  /** Whether an open order has an ASSEMBLY line of a variant: asked on every availability event. */
  private readonly assemblies: TermPresence;

  constructor(
    private readonly model: OrderModel,
    private readonly rows: OrderRowModel,
    private readonly terms: OrderTerms,
  ) {
    this.assemblies = terms.presenceOf(ASSEMBLY_TERMS);
  }

  /** The organization's order (trashed too), or undefined. */
  async find(orgId: string, id: string): Promise<Order | undefined> {
    const doc = await findOwned<Order>(this.model, orgId, id);
    return doc && stateOf<Order>(doc);
  }

  /** The organization's orders among the ids (trashed too), in no particular order. */
  async byIds(orgId: string, ids: string[]): Promise<Order[]> {
    const docs = await this.model.find({ orgId, _id: { $in: ids } }, { outbox: 0 }).lean();
    return docs.map((d) => stateOf<Order>(d));
  }

  /** The versions of the organization's orders among the ids, as stored now (a light read: no lines). */
  async versions(orgId: string, ids: string[]): Promise<Map<string, number>> {
    const docs = await this.model.find({ orgId, _id: { $in: ids } }, { version: 1 }).lean();
    return new Map(docs.map((d) => [d._id, (d.version as number | undefined) ?? 0]));
  }

  /** Ids of the first `limit` live orders of a channel and status (either may be absent), and how many match. */
  async matching(orgId: string, filter: { channelId?: string; status?: Order['status'] }, limit: number) {
    const page = await readPage(
      this.rows,
      { filter: orderFilter(orgId, filter), sort: { orderedAt: -1, _id: -1 }, page: { limit, offset: 0 } },
      (doc) => String(doc._id),
    );
    return { ids: page.data, total: page.total! };
  }

  /** Ids of the newest ordered `limit` live orders in these statuses. */
  async newestIn(orgId: string, statuses: readonly Order['status'][], limit: number): Promise<string[]> {
    const rows = await this.rows
      .find({ orgId, deletedAt: null, status: { $in: [...statuses] } }, { _id: 1 })
      .sort({ orderedAt: -1, _id: -1 })
      .limit(limit)
      .lean();
    return rows.map((r) => r._id);
  }

  /** Whether an open order has an ASSEMBLY line of the variant (the asks of a few milliseconds share a read). */
  assemblyHeld(orgId: string, variantId: string): Promise<boolean> {
    return this.assemblies.holds(orgId, assemblyTerm(variantId));
  }

  /** Orders holding an exact term (an ASSEMBLY variant's, unlinked lines): their ids. */
  async holding(orgId: string, term: string): Promise<string[]> {
    return (await this.terms.holding(orgId, [term])).refs;
  }
}
