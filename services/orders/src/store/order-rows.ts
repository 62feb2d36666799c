import type { EventEnvelope } from '@stockyard/contracts';
import { stateOf, type Projection } from '@stockyard/service-kit';
import { RecentMap, replaceAll } from '@stockyard/service-kit/store';
import type { Order } from '../domain/order';
import { fulfilmentOf } from '../domain/order-fulfilment';
import { orderView } from '../domain/order-view';
import type { OrderModel } from './order.model';
import type { OrderRowModel } from './order-row.model';

/** The local event of an order's new version, for its list row (never published). */
const ROW_CHANGED = 'order.row_changed';

/** Written states kept for their rows: a row is written right after its order's write, from the state it made. */
const WRITTEN = 2_000;

/** An order's list row (its wire shape packed in `view`). */
export const rowOf = (order: Order) => ({
  orgId: order.orgId,
  version: order.version,
  channelId: order.channelId,
  status: order.status,
  blockedOnBuild: order.blockedOnBuild,
  fulfillmentStatus: fulfilmentOf(order).status,
  orderedAt: order.orderedAt,
  createdAt: order.createdAt,
  updatedAt: order.updatedAt,
  deletedAt: order.deletedAt,
  channelOrderId: order.channelOrderId,
  customerName: order.customer.name,
  customerEmail: order.customer.email,
  skus: order.lines.flatMap((l) => (l.sku ? [l.sku] : [])).join('\n'),
  view: JSON.stringify(orderView(order)),
});

/** Whether a decision changed a field (by reference, as the store compares them). */
const differs = (current: Order, next: Order) =>
  (Object.keys(next) as (keyof Order)[]).some((k) => k !== 'version' && next[k] !== current[k]);

/**
 * The orders' list rows, a projection of the order store: each order's row written from the
 * state its write made (the store's `afterWrite` hands it over), and from the stored order when
 * the relay replays the update after a crash, each only over an older version. Every list reads
 * them (store/order.repository.ts): a page is 50 flat documents.
 */
export class OrderRows implements Projection<Order> {
  readonly event = ROW_CHANGED;
  private readonly written = new RecentMap<string, Order>(WRITTEN);

  constructor(
    readonly model: OrderRowModel,
    private readonly orders: OrderModel,
  ) {}

  /** Every write that changes a field moves the row (`version` is the one the write makes). */
  updatesFor(before: Order | null, after: Order, version: number): Record<string, unknown>[] {
    return before && !differs(before, after) ? [] : [{ orderId: after.id, version }];
  }

  /** The store's `afterWrite`: the state a write made, for its row. */
  wrote(state: Order): void {
    this.written.set(state.id, state);
  }

  /** The rows of the orders updated, from their written states or else the stored orders, in bulk writes. */
  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    const wanted = new Map<string, { orgId: string; version: number }>();
    for (const { orgId, payload } of updates) {
      const version = Number(payload.version);
      const id = String(payload.orderId);
      if ((wanted.get(id)?.version ?? 0) < version) wanted.set(id, { orgId, version });
    }
    const states: Order[] = [];
    for (const [id, { orgId, version }] of wanted) {
      const state = this.written.get(id);
      if (state?.orgId === orgId && state.version >= version) states.push(state);
    }
    const have = new Set(states.map((s) => s.id));
    const missing = [...wanted.keys()].filter((id) => !have.has(id));
    if (missing.length > 0) {
      const docs = await this.orders.collection.find({ _id: { $in: missing } } as never).toArray();
      for (const doc of docs) {
        if (doc.orgId === wanted.get(doc._id as unknown as string)?.orgId) states.push(stateOf<Order>(doc));
      }
    }
    await replaceAll(
      this.model.collection,
      states.map((order) => ({ filter: { _id: order.id, version: { $lt: order.version } }, doc: rowOf(order) })),
    );
  }
}
