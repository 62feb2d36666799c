import { ORDER_STATUSES, type EventEnvelope, type OrderStats, type OrderStatus } from '@stockyard/contracts';
import { AggregateStore, type Projection } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';
import type { Order } from '../domain/order';
import { STATS_CHANGED, statsUpdatesFor, type Contribution } from '../domain/order-stats';

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
/** Buckets this process remembers after its writes (an organization has a few dozen). */
const BUCKETS_REMEMBERED = 10_000;
const zero = (figures = { orders: 0, lines: 0, cents: 0 }) => ({ ...figures });

/** A bucket's change by one update: its id, and what it adds. */
interface Delta {
  eventId: string;
  orders: number;
  lines: number;
  cents: number;
}

/** The updates' deltas by organization and bucket, one per update and bucket (a move within a bucket nets out). */
function deltasOf(updates: readonly EventEnvelope[]): Map<string, Map<string, Delta[]>> {
  const byOrg = new Map<string, Map<string, Delta[]>>();
  const add = (orgId: string, eventId: string, c: Contribution | null, sign: 1 | -1) => {
    if (!c) return;
    const buckets = byOrg.get(orgId) ?? new Map<string, Delta[]>();
    const key = `${c.channelId}${SEP}${c.status}`;
    const deltas = buckets.get(key) ?? [];
    const last = deltas.at(-1)?.eventId === eventId ? deltas.pop()! : { eventId, orders: 0, lines: 0, cents: 0 };
    deltas.push({
      eventId,
      orders: last.orders + sign * c.orders,
      lines: last.lines + sign * c.lines,
      cents: last.cents + sign * c.cents,
    });
    buckets.set(key, deltas);
    byOrg.set(orgId, buckets);
  };
  for (const { id, orgId, payload } of updates) {
    const { from, to } = payload as { from: Contribution | null; to: Contribution | null };
    add(orgId, id, from, -1);
    add(orgId, id, to, 1);
  }
  return byOrg;
}

/** The bucket's figures with the deltas it has not applied yet (by event id) added. */
function withDeltas(bucket: StatsBucket, deltas: readonly Delta[]): StatsBucket {
  const fresh = deltas.filter((d) => !bucket.applied.includes(d.eventId));
  if (fresh.length === 0) return bucket;
  return {
    ...bucket,
    orders: fresh.reduce((sum, d) => sum + d.orders, bucket.orders),
    lines: fresh.reduce((sum, d) => sum + d.lines, bucket.lines),
    cents: fresh.reduce((sum, d) => sum + d.cents, bucket.cents),
    applied: [...bucket.applied, ...fresh.map((d) => d.eventId)].slice(-REMEMBERED_UPDATES),
  };
}

/**
 * GET /orders/stats from buckets per (channel, status), a projection of the order store: each
 * write that moves an order's contribution carries `order.stats_changed` (README, "Stats"), and a
 * read is a few dozen rows however many orders there are. The buckets change through the kit's
 * store (lock, version guard), an organization's in one batched change, and each remembers the
 * last event ids it applied, so a replay counts once.
 */
export class OrderStatsBuckets implements Projection<Order> {
  readonly event = STATS_CHANGED;
  private readonly buckets: AggregateStore<StatsBucket>;

  constructor(connection: Connection) {
    const model = connection.models.OrderStatsBucket ?? connection.model('OrderStatsBucket', bucketSchema);
    this.buckets = new AggregateStore<StatsBucket>(model, undefined, {
      name: 'Order stats',
      // A bucket changes with every order of its channel and status: the next change skips its read.
      remember: BUCKETS_REMEMBERED,
      documentId: (orgId, key) => `${orgId}${SEP}${key}`,
      initial: (orgId, key) => {
        const [channelId, status] = key.split(SEP) as [string, OrderStatus];
        return { orgId, version: 0, channelId, status, ...zero(), applied: [] };
      },
    });
  }

  get model() {
    return this.buckets.model;
  }

  updatesFor(before: Order | null, after: Order): Record<string, unknown>[] {
    return statsUpdatesFor(before, after);
  }

  /** Each update moves the order's old contribution out of its bucket and the new one in. */
  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    for (const [orgId, deltas] of deltasOf(updates)) {
      const outcomes = await this.buckets.changeMany(orgId, [...deltas.keys()], (bucket) => {
        const next = withDeltas(bucket, deltas.get(`${bucket.channelId}${SEP}${bucket.status}`)!);
        return next === bucket ? {} : { state: next };
      });
      for (const outcome of outcomes.values()) if (!outcome.ok) throw outcome.error;
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
