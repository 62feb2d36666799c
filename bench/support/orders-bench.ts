/**
 * bench:orders's measuring part (`bench/orders.ts` says what it measures): order imports by SKU through
 * the gateway on 20 connections, then `GET /orders` over a large organization seeded straight.
 */
import os from 'node:os';
import { termRows } from '../../packages/service-kit/src/store/search-index';
import { gatewayCaller, startStack, type Stack } from '@stockyard/testkit';
import { searchTermsOf } from '../../services/orders/src/domain/order-search';
import { rowOf } from '../../services/orders/src/store/order-rows';
import type { Order } from '../../services/orders/src/domain/order';
import { cpuMeter, watchMachine } from '../machine';
import type { FlowProbe } from './flow-probe';
import { stopOnInterrupt } from './interrupt';
import { benchServers } from './servers';
import { listReads, pageReads, type ListFigures } from './list-reads';
import { load, ms, pct, pool, say, straightReads } from './figures';
import { Refusals } from './refusals';
import { cloneable, seeder } from './seeding';
import { mongoose } from './store';

const CONNECTIONS = 20;
const LINES = 10;
const VARIANTS = 200;
const CHANNELS = 5;
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';
const STATUSES = ['PENDING', 'PROCESSING', 'ON_HOLD', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;

interface OrdersOptions {
  seconds: number;
  listOrders: number;
  reads: number;
  probe?: FlowProbe;
}

export interface OrdersFigures {
  perSecond: number;
  count: number;
  seconds: number;
  cpuMsPerOp: Record<string, number>;
  lists: ListFigures[];
  refusals: Refusals;
}

type Api = ReturnType<typeof gatewayCaller>;

/** 200 variants with SKUs and an API channel; each order 10 lines, one SKU of them unknown. */
async function seed(api: Api) {
  const ok = seeder(api);
  const channelId = (await ok('POST', '/channels', { name: 'Bench API', platform: 'API' })).id as string;
  await pool(Array.from({ length: VARIANTS }), 10, (_, i) =>
    ok('POST', '/products', { name: `Bench item ${i}`, sku: `BENCH-${i}`, price: 1 + (i % 9) }),
  );
  say(`seeded ${VARIANTS} variants with SKUs and an API channel through the API`);
  let sequence = 0;
  return () => {
    const n = sequence++;
    const lines = Array.from({ length: LINES }, (_, i) => ({
      channelLineId: String(i + 1),
      sku: i === LINES - 1 ? `UNKNOWN-${n}` : `BENCH-${(n * 7 + i) % VARIANTS}`,
      quantity: 1 + (i % 3),
      unitPrice: 2.5,
    }));
    return {
      channelId,
      channelOrderId: `BENCH-${n}`,
      customer: { name: `Customer ${n % 1000}`, email: `c${n % 1000}@bench.test` },
      shippingAddress: { line1: `${n} Bench Street`, city: 'Benchville', country: 'GB' },
      lines,
    };
  };
}

async function loop(api: Api, body: () => unknown, seconds: number, refusals: Refusals) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const answer = await api('POST', '/orders', body());
        const text = await answer.text();
        latencies.push(performance.now() - t);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        refusals.note('POST /orders', answer.status, text);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return { count: latencies.length, perSecond: latencies.length / elapsed, latencies, statuses };
}

/**
 * The list organization: one order made through the API is the template; its raw document is cloned
 * with new ids, channels, statuses and dates straight into the service's collection, with each clone's
 * list row and term rows from the service's own rowOf and searchTermsOf.
 */
async function seedLists(stack: Stack, mongoUrl: string, count: number) {
  const db = await mongoose.createConnection(mongoUrl, { dbName: stack.databases.orders! }).asPromise();
  const raw = await db.collection('orders').findOne({ channelOrderId: 'BENCH-0' });
  if (!raw) throw new Error('template order not found');
  const template = cloneable(raw);
  const listOrg = stack.bootstrapOrg('Bench Orders Lists');
  const channels = Array.from({ length: CHANNELS }, (_, c) => `ch_bench_${c}`);
  const listStart = performance.now();
  const base = Date.now() - count * 60_000;
  for (let from = 0; from < count; from += 2000) {
    const docs = Array.from({ length: Math.min(2000, count - from) }, (_, k) => {
      const i = from + k;
      const at = new Date(base + i * 60_000);
      return {
        ...template,
        orgId: listOrg.orgId,
        _id: `ord_bench_${String(i).padStart(6, '0')}`,
        channelId: channels[i % CHANNELS],
        channelOrderId: `L-${String(i).padStart(6, '0')}`,
        status: STATUSES[Math.floor(i / CHANNELS) % STATUSES.length],
        outbox: [],
        version: 1,
        orderedAt: at,
        createdAt: at,
        updatedAt: at,
      };
    });
    await db.collection('orders').insertMany(docs as never[]);
    const states = docs.map((d) => ({ ...(d as unknown as Order), id: d._id }));
    await db
      .collection('order_rows')
      .insertMany(states.map((o) => ({ _id: o.id, ...rowOf(o), orgId: o.orgId, version: o.version })) as never[]);
    const terms = states.flatMap((o) => termRows(listOrg.orgId, o.id, 1, searchTermsOf(o)));
    await db.collection('order_terms').insertMany(terms as never[]);
  }
  const stored = await db.collection('orders').countDocuments({ orgId: listOrg.orgId });
  say(
    `seeded ${count} orders (${LINES} lines each, ${CHANNELS} channels, ${STATUSES.length} statuses) and ` +
      `their list and term rows directly into the service's collections (cloned from an order made through ` +
      `the API; bypassing the API for speed) in ${((performance.now() - listStart) / 1000).toFixed(1)} s; ` +
      `its own organization holds ${stored}`,
  );
  const live = { orgId: listOrg.orgId, deletedAt: null };
  const rows = db.collection('order_rows');
  await straightReads([
    ['count of the live orders', () => rows.countDocuments(live)],
    [
      'first page of 50 (find, sort, limit)',
      () => rows.find(live).sort({ orderedAt: -1, _id: -1 }).limit(50).toArray(),
    ],
  ]);
  await db.close();
  return { listOrg, stored, channels, live };
}

/** (b) of the benchmark: each query's p50/p99 through the gateway, with the page's straight read for the floor. */
async function lists(stack: Stack, mongoUrl: string, options: OrdersOptions, refusals: Refusals, ferretdb?: number) {
  const { listOrg, stored, channels, live } = await seedLists(stack, mongoUrl, options.listOrders);
  const sort = { orderedAt: -1, _id: -1 } as const;
  const queries = [
    { query: '', filter: live },
    { query: `?channelId=${channels[2]}`, filter: { ...live, channelId: channels[2] } },
    { query: '?status=SHIPPED', filter: { ...live, status: 'SHIPPED' } },
    {
      query: `?channelId=${channels[2]}&status=SHIPPED`,
      filter: { ...live, channelId: channels[2], status: 'SHIPPED' },
    },
    // A search's floor is a page of the rows it answered, read without the terms.
    { query: '?search=L-01234', filter: live },
  ];
  const meter = cpuMeter({
    gateway: stack.services.gateway!.pid,
    orders: stack.services.orders!.pid,
    ferretdb: ferretdb,
  });
  const figures = await listReads({
    url: `${stack.gatewayUrl}/api/v1/orders`,
    headers: { authorization: `Bearer ${listOrg.adminKey}` },
    queries: queries.map((q) => q.query),
    reads: options.reads,
    meter,
    refusals,
    line: (query, f) =>
      `GET /orders${query} via gateway (one connection, ${options.reads} requests, ${stored} orders, total ` +
      `${f.total}): p50 ${ms(f.p50)}, p99 ${ms(f.p99)}; statuses ${f.statuses.join(',')}; goal p99 < 100 ms`,
  });
  const dbName = stack.databases.orders!;
  await options.probe?.reads?.({ dbName, collection: 'order_rows', reads: pageReads(queries, figures, sort) });
  return figures;
}

export async function benchOrders(options: OrdersOptions): Promise<OrdersFigures> {
  const { seconds } = options;
  const { infra, ferretdb } = await benchServers('bench_orders');
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(`load average at start (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
  const stack = await startStack(['catalog', 'inventory', 'orders'], {
    gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT },
    orders: { FEED_POLL_MS: '0' },
  });
  stopOnInterrupt(stack);
  const machine = watchMachine();
  try {
    const { adminKey } = stack.bootstrapOrg('Bench Orders');
    const api = gatewayCaller(stack.gatewayUrl, adminKey);
    const body = await seed(api);
    await options.probe?.writes?.({ stack, steps: [() => seeder(api)('POST', '/orders', body())] });
    const refusals = new Refusals();
    const warmUp = new Refusals();
    await loop(api, body, 2, warmUp); // warm-up: connections, caches, the JIT
    refusals.addAll(warmUp, 'warm-up');
    const meter = cpuMeter({
      'load generator': process.pid,
      gateway: stack.services.gateway!.pid,
      orders: stack.services.orders!.pid,
      catalog: stack.services.catalog!.pid,
      ferretdb,
    });
    const cpu = meter.start();
    const r = await loop(api, body, seconds, refusals);
    const used = cpu.stop();
    say(
      `POST /orders (${LINES} lines linked by SKU, one unknown), ${CONNECTIONS} connections, ${seconds} s: ` +
        `${r.perSecond.toFixed(0)} orders/s (${r.count} requests; p50 ${ms(pct(r.latencies, 50))}, ` +
        `p99 ${ms(pct(r.latencies, 99))}; statuses ${JSON.stringify(Object.fromEntries(r.statuses))}); goal 200/s`,
    );
    const perOrder = Object.entries(used).map(([name, cpuMs]) => `${name} ${((cpuMs * 1000) / r.count).toFixed(0)}`);
    say(`  CPU µs per order: ${perOrder.join(', ')}`);
    say(`  load average after the imports: ${load()}`);
    const cpuMsPerOp = Object.fromEntries(Object.entries(used).map(([name, cpuMs]) => [name, cpuMs / r.count]));
    const figures = { perSecond: r.perSecond, count: r.count, seconds, cpuMsPerOp, lists: [], refusals };
    if (options.reads <= 0 || options.listOrders <= 0) {
      say('BENCH_READS=0: list reads skipped');
      return figures;
    }
    const listFigures = await lists(stack, infra.mongoUrl, options, refusals, ferretdb);
    say(`load average at the end: ${load()}`);
    return { ...figures, lists: listFigures };
  } finally {
    say(machine.end());
    stopOnInterrupt(undefined);
    await stack.destroy();
  }
}
