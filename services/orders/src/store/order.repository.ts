import type { EventEnvelope, OrderListQuery, Page } from '@stockyard/contracts';
import {
  AggregateStore,
  type AppError,
  readPage,
  stateOf,
  type Changed,
  type Decision,
  type OutboxRelay,
  type StatePage,
  type UniqueClaims,
} from '@stockyard/service-kit';
import type { NewOrder, Order } from '../domain/order';
import { statsEventsFor } from '../domain/order-stats';
import { channelOrderKey } from './channel-order-claims';
import { EARLIEST, orderFilter, orderSort } from './order-filter';
import type { OrderModel } from './order.model';
import type { OrderTerms } from './order-terms';
import type { ShipmentList } from './shipment-list';

/** One order's outcome in a batched change (the kit's, whose type it does not export). */
export type Outcome<R> = ({ ok: true } & Changed<Order, R>) | { ok: false; error: AppError };

/** States this process remembers after its writes (a channel sending an order again skips a read). */
const REMEMBERED = 5_000;

/**
 * Every write of an order goes through here: the kit's store (lock, version guard, outbox, the
 * channel-order claim), with the local events of the order's projections added to each change
 * that alters them (its search terms and stats; a shipment's row) and the terms and shipments
 * applied before the write answers (the stats follow through the relay).
 */
export class OrderRepository {
  readonly store: AggregateStore<Order>;

  constructor(
    private readonly model: OrderModel,
    relay: OutboxRelay,
    private readonly terms: OrderTerms,
    private readonly shipments: ShipmentList,
    readonly claims: UniqueClaims,
  ) {
    this.store = new AggregateStore<Order>(model, relay, {
      name: 'Order',
      remember: REMEMBERED,
      // Trashed orders keep their key: the channel sending one again finds it.
      unique: { claims, valuesOf: (o) => [channelOrderKey(o)] },
    });
  }

  /** The projections' events of a change from `before` to `after` (the write makes `version`). */
  private projected(before: Order | null, after: Order, version: number): EventEnvelope[] {
    return [...this.terms.eventsFor(before, after, version), ...statsEventsFor(before, after)];
  }

  private async applyLocal(events: readonly EventEnvelope[]): Promise<void> {
    await this.terms.projection.applyAll(events);
    await this.shipments.projection.applyAll(events);
  }

  async create(state: NewOrder, events: EventEnvelope[]): Promise<Order> {
    const local = this.projected(null, { ...state, version: 1 } as Order, 1);
    const created = await this.store.create(state, [...events, ...local]);
    await this.applyLocal(local);
    return created;
  }

  private withProjections<R>(decide: (current: Order) => Decision<Order, R>) {
    return (current: Order): Decision<Order, R> => {
      const decision = decide(current);
      if (!decision.state) return decision;
      const local = this.projected(current, decision.state, current.version + 1);
      return { ...decision, events: [...(decision.events ?? []), ...local] };
    };
  }

  async change<R>(
    orgId: string,
    id: string,
    decide: (current: Order) => Decision<Order, R>,
  ): Promise<Changed<Order, R>> {
    const changed = await this.store.change(orgId, id, this.withProjections(decide));
    if (changed.changed) await this.applyLocal(changed.events);
    return changed;
  }

  /** Many orders by one decision each (bulk status, trash by status): an outcome per id. */
  async changeMany<R>(
    orgId: string,
    ids: readonly string[],
    decide: (current: Order) => Decision<Order, R>,
  ): Promise<Map<string, Outcome<R>>> {
    const outcomes = await this.store.changeMany<R>(orgId, ids, this.withProjections(decide));
    for (const outcome of outcomes.values()) if (outcome.ok && outcome.changed) await this.applyLocal(outcome.events);
    return outcomes;
  }

  /** The organization's order (trashed too), or undefined. */
  find(orgId: string, id: string): Promise<Order | undefined> {
    return this.store.read(orgId, id);
  }

  /** The organization's orders among the ids (trashed too), in no particular order. */
  async byIds(orgId: string, ids: string[]): Promise<Order[]> {
    const docs = await this.model.find({ orgId, _id: { $in: ids } }, { outbox: 0 }).lean();
    return docs.map((d) => stateOf<Order>(d));
  }

  /** GET /orders: live orders by the query's filters and sort (search candidates from the term index first). */
  async list(orgId: string, query: OrderListQuery & Page): Promise<StatePage<Order>> {
    const ids = query.search ? await this.terms.searchCandidates(orgId, query.search) : undefined;
    return readPage(this.model, {
      filter: orderFilter(orgId, query, ids),
      sort: orderSort(query),
      page: { limit: query.limit, offset: query.offset },
      projection: { outbox: 0 },
    });
  }

  /** GET /orders/trash: trashed orders, the last trashed first. */
  trash(orgId: string, page: Page): Promise<StatePage<Order>> {
    return readPage(this.model, {
      filter: { orgId, deletedAt: { $gte: EARLIEST } },
      sort: { deletedAt: -1, _id: -1 },
      page,
      projection: { outbox: 0 },
    });
  }

  /** Ids of the first `limit` live orders of a channel and status (either may be absent), and how many match. */
  async matching(
    orgId: string,
    filter: { channelId?: string; status?: Order['status'] },
    limit: number,
  ): Promise<{ ids: string[]; total: number }> {
    const page = await readPage(this.model, {
      filter: orderFilter(orgId, filter),
      sort: { orderedAt: -1, _id: -1 },
      page: { limit, offset: 0 },
      projection: { outbox: 0 },
    });
    return { ids: page.data.map((o) => (o as Order).id), total: page.total! };
  }

  /** Open orders holding an exact term (an ASSEMBLY variant's): their ids. */
  holding(orgId: string, term: string): Promise<string[]> {
    return this.terms.holding(orgId, term);
  }
}
