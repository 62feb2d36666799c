/**
 * bench:purchasing's measuring part (`bench/purchasing.ts` says what it measures): line receipts through
 * the gateway on 20 connections, then `GET /purchase-orders` over a large organization seeded straight.
 */
import os from 'node:os';
import { termRows } from '../../packages/service-kit/src/store/search-index';
import { gatewayCaller, startStack, type Stack } from '@stockyard/testkit';
import { searchTermsOf } from '../../services/purchasing/src/domain/purchase-order-search';
import type { PurchaseOrder } from '../../services/purchasing/src/domain/purchase-order';
import { rowOf } from '../../services/purchasing/src/store/purchase-order-rows';
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
const VARIANTS = 200;
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';
const STATUSES = ['DRAFT', 'SUBMITTED', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED'] as const;

interface PurchasingOptions {
  seconds: number;
  /** Submitted orders per connection, and lines per order: more lines than the run can receive. */
  ordersPerConnection: number;
  lines: number;
  listOrders: number;
  reads: number;
  probe?: FlowProbe;
}

export interface PurchasingFigures {
  perSecond: number;
  count: number;
  seconds: number;
  cpuMsPerOp: Record<string, number>;
  lists: ListFigures[];
  refusals: Refusals;
}

type Api = ReturnType<typeof gatewayCaller>;
type Line = { po: string; lineId: string };
type Place = { supplier: string; warehouseId: string; variants: string[] };

/** A SUBMITTED order of `lines` lines over the variants; its lines to receive. */
async function submittedOrder(api: Api, k: number, lines: number, place: Place) {
  const ok = seeder(api);
  const body = Array.from({ length: lines }, (_, i) => ({
    variantId: place.variants[(k * 37 + i) % VARIANTS]!,
    quantity: 5,
    unitCost: 2,
  }));
  const po = await ok('POST', '/purchase-orders', {
    channelId: place.supplier,
    warehouseId: place.warehouseId,
    lines: body,
  });
  await ok('POST', `/purchase-orders/${po.id}/submit`);
  return (po.lines as { id: string }[]).map((l): Line => ({ po: po.id as string, lineId: l.id }));
}

async function loop(api: Api, queues: Line[][], seconds: number, refusals: Refusals) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      while (performance.now() < deadline) {
        const next = queues[w]!.shift();
        if (!next) break;
        const t = performance.now();
        const answer = await api('POST', `/purchase-orders/${next.po}/lines/${next.lineId}/receive`, { quantity: 5 });
        const text = await answer.text();
        latencies.push(performance.now() - t);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        refusals.note('POST /purchase-orders/{id}/lines/{lineId}/receive', answer.status, text);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return { count: latencies.length, perSecond: latencies.length / elapsed, latencies, statuses };
}

/**
 * The list organization (its own: the receipts' orders, 100 lines and receipts each and the newest, stay
 * out of its pages). One real order made through the API is the template; its raw document is cloned
 * with new ids, numbers, suppliers and statuses straight into the service's collection, with each
 * clone's term rows and list row from the service's own searchTermsOf and rowOf.
 */
async function seedLists(stack: Stack, mongoUrl: string, templateId: string, count: number) {
  const db = await mongoose.createConnection(mongoUrl, { dbName: stack.databases.purchasing! }).asPromise();
  const raw = await db.collection('purchase_orders').findOne({ _id: templateId as never });
  if (!raw) throw new Error('template order not found');
  const template = cloneable(raw);
  const listOrg = stack.bootstrapOrg('Bench Purchasing Lists');
  const listStart = performance.now();
  const base = Date.now() - count * 60_000;
  for (let from = 0; from < count; from += 2000) {
    const docs = Array.from({ length: Math.min(2000, count - from) }, (_, k) => {
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
    const states = docs.map((d) => ({ ...(d as unknown as PurchaseOrder), id: d._id }));
    const terms = states.flatMap((po) => termRows(listOrg.orgId, po.id, 1, searchTermsOf(po)));
    await db.collection('purchase_order_terms').insertMany(terms as never[]);
    const rows = states.map((po) => ({ ...rowOf(po), _id: po.id, orgId: po.orgId, version: po.version }));
    await db.collection('purchase_order_rows').insertMany(rows as never[]);
  }
  const stored = await db.collection('purchase_orders').countDocuments({ orgId: listOrg.orgId });
  say(
    `seeded ${count} orders (3 lines each) and their term rows directly into the service's collections ` +
      `(cloned from an order made through the API; bypassing the API for speed) in ` +
      `${((performance.now() - listStart) / 1000).toFixed(1)} s; its own organization holds ${stored}`,
  );
  // Where a first page's time goes: its two store reads of the list rows, timed straight on the database.
  const orders = db.collection('purchase_order_rows');
  const live = { orgId: listOrg.orgId, deletedAt: null };
  await straightReads([
    ['count of the live orders', () => orders.countDocuments(live)],
    [
      'first page of 50 (find, sort, limit)',
      () => orders.find(live).sort({ createdAt: -1, _id: -1 }).limit(50).toArray(),
    ],
  ]);
  await db.close();
  return { listOrg, stored, live };
}

/** (b) of the benchmark: each query's p50/p99 through the gateway, with the page's straight read for the floor. */
async function lists(
  stack: Stack,
  mongoUrl: string,
  templateId: string,
  options: PurchasingOptions,
  refusals: Refusals,
  ferretdb: number | undefined,
) {
  const { listOrg, stored, live } = await seedLists(stack, mongoUrl, templateId, options.listOrders);
  // A search's floor is a page of the rows it answered, read without the terms (with its status, if it has one).
  const queries = [
    { query: '', filter: live },
    { query: '?status=SUBMITTED', filter: { ...live, status: 'SUBMITTED' } },
    { query: '?search=PO-B0123', filter: live },
    { query: '?search=supplier%2017', filter: live },
    { query: '?search=SKU-42&status=RECEIVED', filter: { ...live, status: 'RECEIVED' } },
  ];
  const sort = { createdAt: -1, _id: -1 } as const;
  const dbName = stack.databases.purchasing!;
  const meter = cpuMeter({
    gateway: stack.services.gateway!.pid,
    purchasing: stack.services.purchasing!.pid,
    ferretdb,
  });
  const figures = await listReads({
    url: `${stack.gatewayUrl}/api/v1/purchase-orders`,
    headers: { authorization: `Bearer ${listOrg.adminKey}` },
    queries: queries.map((q) => q.query),
    reads: options.reads,
    meter,
    refusals,
    line: (query, f) =>
      `GET /purchase-orders${query} via gateway (one connection, ${options.reads} requests, ${stored} orders, ` +
      `total ${f.total}): p50 ${ms(f.p50)}, p99 ${ms(f.p99)}; ` +
      `statuses ${f.statuses.join(',')}; goal p99 < 100 ms`,
  });
  await options.probe?.reads?.({ dbName, collection: 'purchase_order_rows', reads: pageReads(queries, figures, sort) });
  return figures;
}

export async function benchPurchasing(options: PurchasingOptions): Promise<PurchasingFigures> {
  const { seconds, lines } = options;
  const { infra, ferretdb } = await benchServers('bench_purchasing');
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(`load average at start (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
  const stack = await startStack(['catalog', 'inventory', 'purchasing'], {
    gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT },
  });
  stopOnInterrupt(stack);
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
    const place = { supplier, warehouseId, variants };
    if (options.probe?.writes) {
      // Counted on an order of its own while the databases are small (a read of each is part of the count).
      const probeLines = await submittedOrder(api, VARIANTS, lines, place);
      const receive = () => {
        const { po, lineId } = probeLines.shift()!;
        return ok('POST', `/purchase-orders/${po}/lines/${lineId}/receive`, { quantity: 5 });
      };
      await options.probe.writes({ stack, steps: [receive] });
    }
    const orderCount = CONNECTIONS * (options.ordersPerConnection + 1);
    const seedStart = performance.now();
    const orders = await pool(Array.from({ length: orderCount }), 4, (_, k) => submittedOrder(api, k, lines, place));
    say(
      `seeded ${orderCount} SUBMITTED orders of ${lines} lines (${VARIANTS} variants) through the API, 4 at a time, ` +
        `in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    // Worker w receives the lines of its own orders, one line per request, one after the other.
    const queues = Array.from({ length: CONNECTIONS }, (_, w) => orders.filter((_, k) => k % CONNECTIONS === w).flat());
    const refusals = new Refusals();
    // Two seconds of receipts warm up (connections, caches, the JIT); each connection has one order more for it.
    const warmUp = new Refusals();
    await loop(api, queues, 2, warmUp);
    refusals.addAll(warmUp, 'warm-up');
    const meter = cpuMeter({
      'load generator': process.pid,
      gateway: stack.services.gateway!.pid,
      purchasing: stack.services.purchasing!.pid,
      inventory: stack.services.inventory!.pid,
      catalog: stack.services.catalog!.pid,
      ferretdb,
    });
    const cpu = meter.start();
    const r = await loop(api, queues, seconds, refusals);
    const used = cpu.stop();
    say(
      `POST /purchase-orders/{id}/lines/{lineId}/receive, ${CONNECTIONS} connections, ${seconds} s, ` +
        `orders of ${lines} lines: ${r.perSecond.toFixed(0)} receipts/s (${r.count} requests; ` +
        `p50 ${ms(pct(r.latencies, 50))}, p99 ${ms(pct(r.latencies, 99))}; ` +
        `statuses ${JSON.stringify(Object.fromEntries(r.statuses))}); goal 200/s`,
    );
    const perReceipt = Object.entries(used).map(([name, cpuMs]) => `${name} ${((cpuMs * 1000) / r.count).toFixed(0)}`);
    say(`  CPU µs per receipt: ${perReceipt.join(', ')}`);
    say(`  load average after the receipts: ${load()}`);
    const cpuMsPerOp = Object.fromEntries(Object.entries(used).map(([name, cpuMs]) => [name, cpuMs / r.count]));
    const figures = { perSecond: r.perSecond, count: r.count, seconds, cpuMsPerOp, lists: [], refusals };
    if (options.reads <= 0 || options.listOrders <= 0) {
      say('BENCH_READS=0: list reads skipped');
      return figures;
    }
    const listFigures = await lists(stack, infra.mongoUrl, orders[0]![0]!.po, options, refusals, ferretdb);
    say(`load average at the end: ${load()}`);
    return { ...figures, lists: listFigures };
  } finally {
    say(machine.end());
    stopOnInterrupt(undefined);
    await stack.destroy();
  }
}
