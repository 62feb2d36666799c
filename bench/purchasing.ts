/**
 * `npm run bench:purchasing`: (a) purchase-order line receipts per second through the gateway
 * with 20 connections, each receipt one request and one stock movement in inventory; (b)
 * `GET /purchase-orders` p50/p99 with 20,000 orders in one organization, first page and filtered
 * pages. Its own isolated stack on this machine's servers; a script that prints figures, not a test.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { termRows } from '../packages/service-kit/src/store/search-index';
import { ensureInfra, ferretDbPid, gatewayCaller, infraVariables, REPO_ROOT, startStack } from '@stockyard/testkit';
import { searchTermsOf } from '../services/purchasing/src/domain/purchase-order-search';
import type { PurchaseOrder } from '../services/purchasing/src/domain/purchase-order';
import { cpuMeter, runScript, watchMachine } from './machine';
import { seeder } from './support/seeding';
import { load, ms, pct, pool, say, straightReads } from './support/figures';

// mongoose is the services' dependency, not the workspace root's.
const mongoose = createRequire(path.join(REPO_ROOT, 'services/purchasing/package.json'))(
  'mongoose',
) as typeof import('mongoose');

const CONNECTIONS = 20;
const RECEIPT_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Submitted orders per connection, and lines per order: more lines than the run can receive. */
const ORDERS_PER_CONNECTION = Number(process.env.BENCH_ORDERS ?? 3);
const LINES = Number(process.env.BENCH_LINES ?? 100);
const VARIANTS = 200;
const LIST_ORDERS = Number(process.env.BENCH_LIST_ORDERS ?? 20_000);
const READS = Number(process.env.BENCH_READS ?? 200);
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';
const STATUSES = ['DRAFT', 'SUBMITTED', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED'] as const;

let stopping: (() => Promise<void>) | undefined;
process.once('SIGINT', () => void (stopping?.() ?? Promise.resolve()).finally(() => process.exit(130)));

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_purchasing' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(`load average at start (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
  const stack = await startStack(['catalog', 'inventory', 'purchasing'], {
    gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT },
  });
  stopping = () => stack.destroy();
  const machine = watchMachine();
  try {
    const { adminKey } = stack.bootstrapOrg('Bench Purchasing');
    const api = gatewayCaller(stack.gatewayUrl, adminKey);
    const ok = seeder(api);

    // (a) Receipts: 200 variants, a supplier, a warehouse, 20 × 3 SUBMITTED orders of 100 lines each.
    const supplier = (await ok('POST', '/sources', { name: 'Bench Supply', currency: 'EUR' })).id as string;
    const warehouseId = (await ok('POST', '/warehouses', { name: 'Bench' })).id as string;
    const variants = await pool(Array.from({ length: VARIANTS }), 10, async (_, i) => {
      const product = await ok('POST', '/products', { name: `Bench item ${i}`, cost: 1 + (i % 7) });
      return product.variants[0].id as string;
    });
    const orderCount = CONNECTIONS * (ORDERS_PER_CONNECTION + 1);
    const seedStart = performance.now();
    const orders = await pool(Array.from({ length: orderCount }), 4, async (_, k) => {
      const lines = Array.from({ length: LINES }, (_, i) => ({
        variantId: variants[(k * 37 + i) % VARIANTS]!,
        quantity: 5,
        unitCost: 2,
      }));
      const po = await ok('POST', '/purchase-orders', { channelId: supplier, warehouseId, lines });
      await ok('POST', `/purchase-orders/${po.id}/submit`);
      return { id: po.id as string, lineIds: (po.lines as { id: string }[]).map((l) => l.id) };
    });
    say(
      `seeded ${orderCount} SUBMITTED orders of ${LINES} lines (${VARIANTS} variants) through the API, 4 at a time, ` +
        `in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    // Worker w receives the lines of its own orders, one line per request, one after the other.
    const queues = Array.from({ length: CONNECTIONS }, (_, w) =>
      orders.filter((_, k) => k % CONNECTIONS === w).flatMap((o) => o.lineIds.map((lineId) => ({ po: o.id, lineId }))),
    );
    const receive = (w: number) => {
      const next = queues[w]!.shift();
      if (!next) return undefined;
      return api('POST', `/purchase-orders/${next.po}/lines/${next.lineId}/receive`, { quantity: 5 });
    };
    const loop = async (seconds: number) => {
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      const deadline = performance.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, w) => {
          while (performance.now() < deadline) {
            const t = performance.now();
            const res = receive(w);
            if (!res) break;
            const answer = await res;
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
    // Two seconds of receipts warm up (connections, caches, the JIT); each connection has one order more for it.
    await loop(2);
    const meter = cpuMeter({
      'load generator': process.pid,
      gateway: stack.services.gateway!.pid,
      purchasing: stack.services.purchasing!.pid,
      inventory: stack.services.inventory!.pid,
      catalog: stack.services.catalog!.pid,
      ferretdb: infra.mode === 'local' ? ferretDbPid() : undefined,
    });
    const cpu = meter.start();
    const r = await loop(RECEIPT_SECONDS);
    const used = cpu.stop();
    say(
      `POST /purchase-orders/{id}/lines/{lineId}/receive, ${CONNECTIONS} connections, ${RECEIPT_SECONDS} s, ` +
        `orders of ${LINES} lines: ${r.perSecond.toFixed(0)} receipts/s (${r.count} requests; ` +
        `p50 ${ms(pct(r.latencies, 50))}, p99 ${ms(pct(r.latencies, 99))}; ` +
        `statuses ${JSON.stringify(Object.fromEntries(r.statuses))}); goal 200/s`,
    );
    const perReceipt = Object.entries(used).map(([name, cpuMs]) => `${name} ${((cpuMs * 1000) / r.count).toFixed(0)}`);
    say(`  CPU µs per receipt: ${perReceipt.join(', ')}`);
    say(`  load average after the receipts: ${load()}`);

    // (b) Lists: 20,000 orders. One real order made through the API is the template; its raw
    // document is cloned with new ids, numbers, suppliers and statuses straight into the
    // service's collection, with each clone's term rows from the service's own searchTermsOf.
    if (READS <= 0 || LIST_ORDERS <= 0) return say('BENCH_READS=0: list reads skipped');
    const db = await mongoose.createConnection(infra.mongoUrl, { dbName: stack.databases.purchasing! }).asPromise();
    const template = await db.collection('purchase_orders').findOne({ _id: orders[0]!.id as never });
    if (!template) throw new Error('template order not found');
    // An organization of its own: the receipts' orders (100 lines and receipts each, the newest) stay out of its pages.
    const listOrg = stack.bootstrapOrg('Bench Purchasing Lists');
    const listHeaders = { authorization: `Bearer ${listOrg.adminKey}` };
    const listStart = performance.now();
    const base = Date.now() - LIST_ORDERS * 60_000;
    for (let from = 0; from < LIST_ORDERS; from += 2000) {
      const docs = Array.from({ length: Math.min(2000, LIST_ORDERS - from) }, (_, k) => {
        const i = from + k;
        const at = new Date(base + i * 60_000);
        const lines = [0, 1, 2].map((j) => ({
          ...(template.lines as Record<string, unknown>[])[j],
          id: `pol_bench_${i}_${j}`,
          sku: `SKU-${(i * 3 + j) % 5000}`,
          supplierSku: `SUP-${(i * 3 + j) % 5000}`,
        }));
        return {
          ...template,
          orgId: listOrg.orgId,
          _id: `po_bench_${String(i).padStart(6, '0')}`,
          orderNumber: `PO-B${String(i).padStart(6, '0')}`,
          supplierName: `Supplier ${String(i % 40).padStart(2, '0')}`,
          channelId: `src_bench_${i % 40}`,
          status: STATUSES[i % STATUSES.length],
          lines,
          receipts: [],
          outbox: [],
          version: 1,
          createdAt: at,
          updatedAt: at,
        };
      });
      await db.collection('purchase_orders').insertMany(docs as never[]);
      const terms = docs.flatMap((d) =>
        termRows(listOrg.orgId, d._id, 1, searchTermsOf({ ...(d as unknown as PurchaseOrder), id: d._id })),
      );
      await db.collection('purchase_order_terms').insertMany(terms as never[]);
    }
    const stored = await db.collection('purchase_orders').countDocuments({ orgId: listOrg.orgId });
    say(
      `seeded ${LIST_ORDERS} orders (3 lines each) and their term rows directly into the service's collections ` +
        `(cloned from an order made through the API; bypassing the API for speed) in ` +
        `${((performance.now() - listStart) / 1000).toFixed(1)} s; its own organization holds ${stored}`,
    );
    // Where a first page's time goes: its two store reads, timed straight on the database.
    const stored_ = db.collection('purchase_orders');
    const live = { orgId: listOrg.orgId, deletedAt: null };
    await straightReads([
      ['count of the live orders', () => stored_.countDocuments(live)],
      [
        'first page of 50 (find, sort, limit)',
        () => stored_.find(live).sort({ createdAt: -1, _id: -1 }).limit(50).toArray(),
      ],
    ]);
    await db.close();
    say('each query is sent once before it is timed (the first use of an index builds its list form on FerretDB)');
    for (const query of [
      '',
      '?status=SUBMITTED',
      '?search=PO-B0123',
      '?search=supplier%2017',
      '?search=SKU-42&status=RECEIVED',
    ]) {
      const latencies: number[] = [];
      const statuses = new Set<number>();
      let total = 0;
      const call = async () => {
        const t = performance.now();
        const res = await fetch(`${stack.gatewayUrl}/api/v1/purchase-orders${query}`, { headers: listHeaders });
        const body = (await res.json()) as { total?: number };
        latencies.push(performance.now() - t);
        statuses.add(res.status);
        total = body.total ?? 0;
      };
      await call();
      latencies.length = 0;
      for (let i = 0; i < READS; i++) await call();
      latencies.sort((a, b) => a - b);
      say(
        `GET /purchase-orders${query} via gateway (one connection, ${READS} requests, ${stored} orders, ` +
          `total ${total}): p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}; ` +
          `statuses ${[...statuses].join(',')}; goal p99 < 100 ms`,
      );
    }
    say(`load average at the end: ${load()}`);
  } finally {
    say(machine.end());
    await stack.destroy();
  }
}

runScript(main);
