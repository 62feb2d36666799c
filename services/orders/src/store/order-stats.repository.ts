import { ORDER_STATUSES, type EventEnvelope, type OrderStats, type OrderStatus } from '@stockyard/contracts';
import { AggregateStore } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';
import type { Contribution } from '../domain/order-stats';

/** Event ids a bucket remembers: a replay of an update among them is not counted twice. */
const REMEMBERED_UPDATES = 100;

/** One channel's live orders in one status: counts and the money of their priced lines, in cents. */
interface StatsBucket {
  orgId: string;
  version: number;
  channelId: string;
  status: OrderStatus;
  orders: number;
  lines: number;
  cents: number;
  applied: string[];
}

const bucketSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    channelId: String,
    status: String,
    orders: Number,
    lines: Number,
    cents: Number,
    applied: [String],
    version: Number,
    createdAt: Date,
    updatedAt: Date,
  },
  { collection: 'order_stats', versionKey: false },
);
/** The stats read: an organization's buckets (channels × statuses, a few dozen), optionally one channel's. */
bucketSchema.index({ orgId: 1, channelId: 1 });

const SEP = '|';
const zero = (figures = { orders: 0, lines: 0, cents: 0 }) => ({ ...figures });

/**
 * GET /orders/stats from buckets per (channel, status), moved by each order's local
 * `order.stats_changed` event as the relay hands it over (README, "Stats"): a read is a few
 * dozen rows however many orders there are. Each bucket change goes through the kit's store
 * (lock, version guard) and remembers the last event ids it applied, so a replay counts once.
 */
export class OrderStatsBuckets {
  private readonly store: AggregateStore<StatsBucket>;

  constructor(connection: Connection) {
    const model = connection.models.OrderStatsBucket ?? connection.model('OrderStatsBucket', bucketSchema);
    this.store = new AggregateStore<StatsBucket>(model, undefined, {
      name: 'Order stats',
      documentId: (orgId, key) => `${orgId}${SEP}${key}`,
      initial: (orgId, key) => {
        const [channelId, status] = key.split(SEP) as [string, OrderStatus];
        return { orgId, version: 0, channelId, status, ...zero(), applied: [] };
      },
    });
  }

  get model() {
    return this.store.model;
  }

  /** The relay's local handler of `order.stats_changed`: the order's old contribution out, the new one in. */
  async apply(event: EventEnvelope): Promise<void> {
    const { from, to } = event.payload as { from: Contribution | null; to: Contribution | null };
    const deltas = new Map<string, { orders: number; lines: number; cents: number }>();
    const add = (c: Contribution | null, sign: 1 | -1) => {
      if (!c) return;
      const key = `${c.channelId}${SEP}${c.status}`;
      const d = deltas.get(key) ?? zero();
      deltas.set(key, {
        orders: d.orders + sign * c.orders,
        lines: d.lines + sign * c.lines,
        cents: d.cents + sign * c.cents,
      });
    };
    add(from, -1);
    add(to, 1);
    for (const [key, d] of deltas) {
      await this.store.change(event.orgId, key, (b) =>
        b.applied.includes(event.id)
          ? {}
          : {
              state: {
                ...b,
                orders: b.orders + d.orders,
                lines: b.lines + d.lines,
                cents: b.cents + d.cents,
                applied: [...b.applied, event.id].slice(-REMEMBERED_UPDATES),
              },
            },
      );
    }
  }

  /** The organization's figures by channel and status (one channel's with `channelId`). */
  async stats(orgId: string, channelId?: string): Promise<OrderStats> {
    const filter = channelId ? { orgId, channelId } : { orgId };
    const rows = await this.model.find(filter, { applied: 0 }).lean<StatsBucket[]>();
    const byChannel = new Map<string, StatsBucket[]>();
    for (const row of rows) byChannel.set(row.channelId, [...(byChannel.get(row.channelId) ?? []), row]);
    const channels = [...byChannel.keys()].sort().map((id) => ({ channelId: id, ...figuresOf(byChannel.get(id)!) }));
    return { channels, ...figuresOf(rows) };
  }
}

/** Totals and the by-status split of some buckets (every status present, zeros included). */
function figuresOf(rows: StatsBucket[]) {
  const byStatus = Object.fromEntries(
    ORDER_STATUSES.map((s) => [s, { orders: 0, lines: 0, total: 0 }]),
  ) as OrderStats['byStatus'];
  let orders = 0;
  let lines = 0;
  let cents = 0;
  const centsBy = new Map<OrderStatus, number>();
  for (const r of rows) {
    byStatus[r.status].orders += r.orders;
    byStatus[r.status].lines += r.lines;
    centsBy.set(r.status, (centsBy.get(r.status) ?? 0) + r.cents);
    orders += r.orders;
    lines += r.lines;
    cents += r.cents;
  }
  for (const [status, c] of centsBy) byStatus[status].total = c / 100;
  return { orders, lines, total: cents / 100, byStatus };
}
