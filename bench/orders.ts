/**
 * `npm run bench:orders`: (a) order imports (`POST /orders`, an API channel's orders of 10 lines
 * linked by SKU) per second through the gateway with 20 connections; (b) `GET /orders` p50/p99
 * with 50,000 orders in one organization: unfiltered, by channel, by status, by both. Its own
 * isolated stack on this machine's servers; a script that prints figures, not a test.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { termRows } from '../packages/service-kit/src/store/search-index';
import { ensureInfra, ferretDbPid, gatewayCaller, infraVariables, REPO_ROOT, startStack } from '@stockyard/testkit';
import { searchTermsOf } from '../services/orders/src/domain/order-search';
import { rowOf } from '../services/orders/src/store/order-rows';
import type { Order } from '../services/orders/src/domain/order';
import { cpuMeter, runScript, watchMachine } from './machine';
import { seeder } from './support/seeding';
import { load, ms, pct, pool, say, straightReads } from './support/figures';

// mongoose is the services' dependency, not the workspace root's.
const mongoose = createRequire(path.join(REPO_ROOT, 'services/orders/package.json'))(
  'mongoose',
) as typeof import('mongoose');

const CONNECTIONS = 20;
const IMPORT_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LINES = 10;
const VARIANTS = 200;
const LIST_ORDERS = Number(process.env.BENCH_LIST_ORDERS ?? 50_000);
const READS = Number(process.env.BENCH_READS ?? 200);
const CHANNELS = 5;
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';
const STATUSES = ['PENDING', 'PROCESSING', 'ON_HOLD', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;

let stopping: (() => Promise<void>) | undefined;
process.once('SIGINT', () => void (stopping?.() ?? Promise.resolve()).finally(() => process.exit(130)));

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_orders' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(`load average at start (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
  const stack = await startStack(['catalog', 'inventory', 'orders'], {
    gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT },
    orders: { FEED_POLL_MS: '0' },
  });
  stopping = () => stack.destroy();
  const machine = watchMachine();
  try {
    const { adminKey } = stack.bootstrapOrg('Bench Orders');
    const api = gatewayCaller(stack.gatewayUrl, adminKey);
    const ok = seeder(api);

    // (a) Imports: 200 variants with SKUs, an API channel; each order 10 lines, one SKU of them unknown.
    const channelId = (await ok('POST', '/channels', { name: 'Bench API', platform: 'API' })).id as string;
    await pool(Array.from({ length: VARIANTS }), 10, (_, i) =>
      ok('POST', '/products', { name: `Bench item ${i}`, sku: `BENCH-${i}`, price: 1 + (i % 9) }),
    );
    say(`seeded ${VARIANTS} variants with SKUs and an API channel through the API`);
    let sequence = 0;
    const body = () => {
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
    const loop = async (seconds: number) => {
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      const deadline = performance.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < deadline) {
            const t = performance.now();
            const answer = await api('POST', '/orders', body());
            await answer.arrayBuffer();
            latencies.push(performance.now() - t);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      const elapsed = (performance.now() - started) / 1000;
      return { count: latencies.length, perSecond: latencies.length / elapsed, latencies, statuses };
    };
    await loop(2); // warm-up: connections, caches, the JIT
    const meter = cpuMeter({
      'load generator': process.pid,
      gateway: stack.services.gateway!.pid,
      orders: stack.services.orders!.pid,
      catalog: stack.services.catalog!.pid,
      ferretdb: infra.mode === 'local' ? ferretDbPid() : undefined,
    });
    const cpu = meter.start();
    const r = await loop(IMPORT_SECONDS);
    const used = cpu.stop();
    say(
      `POST /orders (${LINES} lines linked by SKU, one unknown), ${CONNECTIONS} connections, ${IMPORT_SECONDS} s: ` +
        `${r.perSecond.toFixed(0)} orders/s (${r.count} requests; p50 ${ms(pct(r.latencies, 50))}, ` +
        `p99 ${ms(pct(r.latencies, 99))}; statuses ${JSON.stringify(Object.fromEntries(r.statuses))}); goal 200/s`,
    );
    const perOrder = Object.entries(used).map(([name, cpuMs]) => `${name} ${((cpuMs * 1000) / r.count).toFixed(0)}`);
    say(`  CPU µs per order: ${perOrder.join(', ')}`);
    say(`  load average after the imports: ${load()}`);

    // (b) Lists: 50,000 orders. One order made through the API is the template; its raw document
    // is cloned with new ids, channels, statuses and dates straight into the service's collection,
    // with each clone's term rows from the service's own searchTermsOf.
    if (READS <= 0 || LIST_ORDERS <= 0) return say('BENCH_READS=0: list reads skipped');
    const db = await mongoose.createConnection(infra.mongoUrl, { dbName: stack.databases.orders! }).asPromise();
    const template = await db.collection('orders').findOne({ channelOrderId: 'BENCH-0' });
    if (!template) throw new Error('template order not found');
    const listOrg = stack.bootstrapOrg('Bench Orders Lists');
    const listHeaders = { authorization: `Bearer ${listOrg.adminKey}` };
    const channels = Array.from({ length: CHANNELS }, (_, c) => `ch_bench_${c}`);
    const listStart = performance.now();
    const base = Date.now() - LIST_ORDERS * 60_000;
    for (let from = 0; from < LIST_ORDERS; from += 2000) {
      const docs = Array.from({ length: Math.min(2000, LIST_ORDERS - from) }, (_, k) => {
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
      await db.collection('order_rows').insertMany(states.map((o) => ({ _id: o.id, ...rowOf(o) })) as never[]);
      const terms = states.flatMap((o) => termRows(listOrg.orgId, o.id, 1, searchTermsOf(o)));
      await db.collection('order_terms').insertMany(terms as never[]);
    }
    const stored = await db.collection('orders').countDocuments({ orgId: listOrg.orgId });
    say(
      `seeded ${LIST_ORDERS} orders (${LINES} lines each, ${CHANNELS} channels, ${STATUSES.length} statuses) and ` +
        `their list and term rows directly into the service's collections (cloned from an order made through ` +
        `the API; bypassing the API for speed) in ${((performance.now() - listStart) / 1000).toFixed(1)} s; ` +
        `its own organization holds ${stored}`,
    );
    const live = { orgId: listOrg.orgId, deletedAt: null };
    const orders = db.collection('order_rows');
    await straightReads([
      ['count of the live orders', () => orders.countDocuments(live)],
      [
        'first page of 50 (find, sort, limit)',
        () => orders.find(live).sort({ orderedAt: -1, _id: -1 }).limit(50).toArray(),
      ],
    ]);
    await db.close();
    say('each query is sent once before it is timed (the first use of an index builds its list form on FerretDB)');
    for (const query of [
      '',
      `?channelId=${channels[2]}`,
      '?status=SHIPPED',
      `?channelId=${channels[2]}&status=SHIPPED`,
      '?search=L-01234',
    ]) {
      const latencies: number[] = [];
      const statuses = new Set<number>();
      let total = 0;
      const call = async () => {
        const t = performance.now();
        const res = await fetch(`${stack.gatewayUrl}/api/v1/orders${query}`, { headers: listHeaders });
        const answer = (await res.json()) as { total?: number };
        latencies.push(performance.now() - t);
        statuses.add(res.status);
        total = answer.total ?? 0;
      };
      await call();
      latencies.length = 0;
      for (let i = 0; i < READS; i++) await call();
      latencies.sort((a, b) => a - b);
      say(
        `GET /orders${query} via gateway (one connection, ${READS} requests, ${stored} orders, total ${total}): ` +
          `p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}; statuses ${[...statuses].join(',')}; ` +
          `goal p99 < 100 ms`,
      );
    }
    say(`load average at the end: ${load()}`);
  } finally {
    say(machine.end());
    await stack.destroy();
  }
}

runScript(main);
