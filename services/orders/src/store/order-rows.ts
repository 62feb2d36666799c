import type { EventEnvelope, Order as OrderWire, OrderListQuery, Page } from '@stockyard/contracts';
import { isDuplicateKeyError, newEvent, readPage, RecentWork, stateOf, type StatePage } from '@stockyard/service-kit';
import type { Order } from '../domain/order';
import { orderView } from '../domain/order-view';
import type { OrderModel } from './order.model';
import { EARLIEST, orderFilter, orderSort } from './order-filter';
import type { OrderRowModel } from './order-row.model';

/** The local event of an order's new version, for its list row (never published). */
export const ROW_CHANGED = 'order.row_changed';

/** Row writes this process made lately, by event id, for the relay's copy to skip. */
const RECENT = 20_000;

/** An order's list row (its wire shape packed in `view`). */
export const rowOf = (order: Order) => ({
  orgId: order.orgId,
  version: order.version,
  channelId: order.channelId,
  status: order.status,
  blockedOnBuild: order.blockedOnBuild,
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

const viewOf = (doc: Record<string, unknown>) => JSON.parse(doc.view as string) as OrderWire;

/**
 * The orders' list rows: each order's row written from the state its write made, before the
 * write answers, and again by the relay's local handler from the stored order (after a crash),
 * each only over an older version. Every list reads them: a page is 50 flat documents.
 */
export class OrderRows {
  private readonly recent = new RecentWork(RECENT);

  constructor(
    readonly model: OrderRowModel,
    private readonly orders: OrderModel,
  ) {}

  /** The event a change carries for its row (`version` is the one its write makes). */
  eventFor(order: Pick<Order, 'orgId' | 'id'>, version: number): EventEnvelope {
    return newEvent(ROW_CHANGED, { orgId: order.orgId, orderId: order.id, version });
  }

  /** After a write: its row from the written state. */
  async wrote(state: Order, events: readonly EventEnvelope[]): Promise<void> {
    for (const e of events) if (e.name === ROW_CHANGED) await this.recent.run(e.id, () => this.write(state));
  }

  /** The relay's local handler: skips what the request path wrote; else the row from the stored order. */
  handler = (event: EventEnvelope): Promise<void> =>
    this.recent.runIfNew(event.id, async () => {
      const doc = await this.orders.collection.findOne({ _id: event.payload.orderId } as never);
      if (doc && doc.orgId === event.orgId) await this.write(stateOf<Order>(doc));
    });

  /** The row of this version, unless a newer one is there (an older replay then finds the `_id` taken). */
  private async write(order: Order): Promise<void> {
    try {
      await this.model.collection.replaceOne(
        { _id: order.id, version: { $lt: order.version } } as never,
        rowOf(order),
        {
          upsert: true,
        },
      );
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }

  /** GET /orders: live orders by the query's filters and sort (`ids`: the search's candidates). */
  async list(orgId: string, query: OrderListQuery & Page, ids?: string[]): Promise<StatePage<OrderWire>> {
    const page = { limit: query.limit, offset: query.offset };
    return readPage(this.model, { filter: orderFilter(orgId, query, ids), sort: orderSort(query), page }, viewOf);
  }

  /** GET /orders/trash: trashed orders, the last trashed first. */
  trash(orgId: string, page: Page): Promise<StatePage<OrderWire>> {
    const filter = { orgId, deletedAt: { $gte: EARLIEST } };
    return readPage(this.model, { filter, sort: { deletedAt: -1, _id: -1 }, page }, viewOf);
  }

  /** Ids of the first `limit` live orders of a channel and status (either may be absent), and how many match. */
  async matching(orgId: string, filter: { channelId?: string; status?: Order['status'] }, limit: number) {
    const page = await readPage(
      this.model,
      { filter: orderFilter(orgId, filter), sort: { orderedAt: -1, _id: -1 }, page: { limit, offset: 0 } },
      (doc) => String(doc._id),
    );
    return { ids: page.data, total: page.total! };
  }
}
