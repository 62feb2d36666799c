import type { EventEnvelope, OrderListQuery, Page } from '@stockyard/contracts';
import {
  AggregateStore,
  type AppError,
  stateOf,
  type Changed,
  type Decision,
  type OutboxRelay,
  type UniqueClaims,
} from '@stockyard/service-kit';
import type { NewOrder, Order } from '../domain/order';
import { statsEventsFor } from '../domain/order-stats';
import { channelOrderKey } from './channel-order-claims';
import type { HoldsTrigger } from './holds-trigger';
import type { OrderRows } from './order-rows';
import type { OrderModel } from './order.model';
import type { OrderTerms } from './order-terms';
import type { ShipmentList } from './shipment-list';

/** One order's outcome in a batched change (the kit's, whose type it does not export). */
export type Outcome<R> = ({ ok: true } & Changed<Order, R>) | { ok: false; error: AppError };

/** Whether a decision changed a field (by reference, as the store compares them). */
const differs = (current: Order, next: Order) =>
  (Object.keys(next) as (keyof Order)[]).some((k) => k !== 'version' && next[k] !== current[k]);

/** States this process remembers after its writes (a channel sending an order again skips a read). */
const REMEMBERED = 5_000;

/**
 * Every write of an order goes through here: the kit's store (lock, version guard, outbox, the
 * channel-order claim), with the local events of the order's projections added to each change
 * that alters them (its search terms, stats and list row; a shipment's row) and the terms, list
 * row and shipments applied before the write answers (the stats follow through the relay).
 */
export class OrderRepository {
  readonly store: AggregateStore<Order>;

  constructor(
    private readonly model: OrderModel,
    relay: OutboxRelay,
    private readonly terms: OrderTerms,
    private readonly shipments: ShipmentList,
    readonly rows: OrderRows,
    readonly claims: UniqueClaims,
    private readonly holds: HoldsTrigger,
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
    return [
      ...this.terms.eventsFor(before, after, version),
      ...statsEventsFor(before, after),
      this.rows.eventFor(after, version),
      ...this.holds.eventsFor(before, after),
    ];
  }

  private async applyLocal(state: Order, events: readonly EventEnvelope[]): Promise<void> {
    await this.terms.projection.applyAll(events);
    await this.shipments.projection.applyAll(events);
    await this.rows.wrote(state, events);
    await this.holds.wrote(events);
  }

  async create(state: NewOrder, events: EventEnvelope[]): Promise<Order> {
    const local = this.projected(null, { ...state, version: 1 } as Order, 1);
    const created = await this.store.create(state, [...events, ...local]);
    await this.applyLocal(created, local);
    return created;
  }

  private withProjections<R>(decide: (current: Order) => Decision<Order, R>) {
    return (current: Order): Decision<Order, R> => {
      const decision = decide(current);
      if (!decision.state || !differs(current, decision.state)) return decision;
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
    if (changed.changed) await this.applyLocal(changed.state, changed.events);
    return changed;
  }

  /** Many orders by one decision each (bulk status, trash by status): an outcome per id. */
  async changeMany<R>(
    orgId: string,
    ids: readonly string[],
    decide: (current: Order) => Decision<Order, R>,
  ): Promise<Map<string, Outcome<R>>> {
    const outcomes = await this.store.changeMany<R>(orgId, ids, this.withProjections(decide));
    for (const outcome of outcomes.values()) {
      if (outcome.ok && outcome.changed) await this.applyLocal(outcome.state, outcome.events);
    }
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

  /** GET /orders: the rows of live orders by the query (search candidates from the term index first). */
  async list(orgId: string, query: OrderListQuery & Page) {
    const ids = query.search ? await this.terms.searchCandidates(orgId, query.search) : undefined;
    return this.rows.list(orgId, query, ids);
  }

  /** Open orders holding an exact term (an ASSEMBLY variant's): their ids. */
  holding(orgId: string, term: string): Promise<string[]> {
    return this.terms.holding(orgId, term);
  }
}
