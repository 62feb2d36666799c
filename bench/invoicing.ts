/**
 * `npm run bench:invoicing`: (a) `GET /invoices/aging` and `GET /invoices/stats` p50/p99 through
 * the gateway with 20,000 invoices in one organization; (b) allocating one landed cost over a
 * 500-line purchase order: the pure allocation in-process, and `POST /landed-costs/{id}/allocate`
 * through the gateway (reading the order from purchasing, allocating, writing). Its own isolated
 * stack on this machine's servers; a script that prints figures, not a test.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { INVOICE_TYPES, type InvoiceStatus } from '@stockyard/contracts';
import { termRows } from '../packages/service-kit/src/store/search-index';
import {
  asCaller,
  ensureInfra,
  ferretDbPid,
  gatewayCaller,
  infraVariables,
  REPO_ROOT,
  startStack,
} from '@stockyard/testkit';
import type { Invoice } from '../services/invoicing/src/domain/invoice';
import { searchTermsOf } from '../services/invoicing/src/domain/invoice-search';
import { largestRemainder } from '../services/invoicing/src/domain/allocation';
import { packBalance } from '../services/invoicing/src/domain/balance-codec';
import { rowOf } from '../services/invoicing/src/store/invoice-rows';
import {
  applyBalanceChange,
  contributionOf,
  emptyBalance,
  type VendorBalance,
} from '../services/invoicing/src/domain/vendor-balance';
import { cpuMeter, runScript, watchMachine } from './machine';
import { cloneable, seeder } from './support/seeding';
import { load, ms, pct, say } from './support/figures';

// mongoose is the services' dependency, not the workspace root's.
const mongoose = createRequire(path.join(REPO_ROOT, 'services/invoicing/package.json'))(
  'mongoose',
) as typeof import('mongoose');

const INVOICES = Number(process.env.BENCH_INVOICES ?? 20_000);
const VENDORS = Number(process.env.BENCH_VENDORS ?? 40);
const READS = Number(process.env.BENCH_READS ?? 200);
const LINES = Number(process.env.BENCH_LINES ?? 500);
const ALLOCATIONS = Number(process.env.BENCH_ALLOCATIONS ?? 50);
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';
/** Statuses in the proportions of a busy payables desk: most paid, a tail open, a few drafts and disputes. */
const STATUSES: InvoiceStatus[] = [
  'PAID',
  'PAID',
  'PAID',
  'OUTSTANDING',
  'OUTSTANDING',
  'APPROVED',
  'PENDING',
  'DRAFT',
  'DISPUTED',
];

const day = (base: number, offset: number) => new Date(base + offset * 86_400_000).toISOString().slice(0, 10);

/** `count` calls of `call`, after one untimed: sorted latencies in ms. */
async function timed(count: number, call: () => Promise<unknown>): Promise<number[]> {
  await call();
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await call();
    latencies.push(performance.now() - t);
  }
  return latencies.sort((a, b) => a - b);
}

let stopping: (() => Promise<void>) | undefined;
process.once('SIGINT', () => void (stopping?.() ?? Promise.resolve()).finally(() => process.exit(130)));

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_invoicing' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(`load average at start (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
  const stack = await startStack(['catalog', 'inventory', 'purchasing', 'invoicing'], {
    gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT },
  });
  stopping = () => stack.destroy();
  const machine = watchMachine();
  try {
    const { orgId, adminKey } = stack.bootstrapOrg('Bench Invoicing');
    const api = gatewayCaller(stack.gatewayUrl, adminKey);
    const ok = seeder(api);

    // A vendor, 50 variants with weights, a warehouse, and one order of 500 lines made through the API.
    const vendor = (await ok('POST', '/sources', { name: 'Bench Vendor', currency: 'EUR', paymentTermsDays: 30 })).id;
    const warehouseId = (await ok('POST', '/warehouses', { name: 'Bench' })).id as string;
    const variants: string[] = [];
    for (let i = 0; i < 50; i++) {
      const product = await ok('POST', '/products', { name: `Bench item ${i}`, weight: 0.25 + (i % 9) * 0.4 });
      variants.push(product.variants[0].id);
    }
    const lines = Array.from({ length: LINES }, (_, i) => ({
      variantId: variants[i % variants.length]!,
      quantity: 10 + (i % 13),
      unitCost: 1 + (i % 17) * 0.37,
    }));
    const po = await ok('POST', '/purchase-orders', { channelId: vendor, warehouseId, lines });
    await ok('POST', `/purchase-orders/${po.id}/submit`);
    // Every line received: set straight in purchasing's collection (500 receipts through the API take minutes here).
    const purchasingDb = await mongoose
      .createConnection(infra.mongoUrl, { dbName: stack.databases.purchasing! })
      .asPromise();
    const stored_ = await purchasingDb.collection('purchase_orders').findOne({ _id: po.id } as never);
    const received = (stored_!.lines as { quantity: number }[]).map((l, i) => ({
      ...l,
      receivedQuantity: l.quantity - (i % 3),
    }));
    await purchasingDb.collection('purchase_orders').updateOne({ _id: po.id }, { $set: { lines: received } });
    await purchasingDb.close();
    const template = await ok('POST', '/invoices', {
      purchaseOrderId: po.id,
      invoiceNumber: 'BENCH-TEMPLATE',
      lines: [{ purchaseOrderLineId: po.lines[0].id, quantity: 2, unitCost: 3.5 }],
    });

    // (a) 20,000 invoices, cloned straight into invoicing's collection, with their vendors' balances
    // folded by the service's own rules and their term rows and list rows from its own searchTermsOf and rowOf.
    const db = await mongoose.createConnection(infra.mongoUrl, { dbName: stack.databases.invoicing! }).asPromise();
    const stored = await db.collection('invoices').findOne({ _id: template.id } as never);
    if (!stored) throw new Error('template invoice not found');
    const templateDoc = cloneable(stored);
    const listOrg = stack.bootstrapOrg('Bench Invoicing Reports');
    const seedStart = performance.now();
    const base = Date.now() - 300 * 86_400_000;
    const balances = new Map<string, VendorBalance>();
    for (let from = 0; from < INVOICES; from += 2000) {
      const states = Array.from({ length: Math.min(2000, INVOICES - from) }, (_, k): Invoice => {
        const i = from + k;
        const status = STATUSES[i % STATUSES.length]!;
        const invoiceDate = day(base, i % 330);
        const total = 10 + ((i * 7919) % 500_000) / 100;
        return {
          ...(templateDoc as unknown as Invoice),
          id: `inv_bench_${String(i).padStart(6, '0')}`,
          orgId: listOrg.orgId,
          invoiceType: INVOICE_TYPES[i % 10 === 0 ? 1 : i % 25 === 0 ? 2 : 0],
          status,
          invoiceNumber: `B-${String(i).padStart(6, '0')}`,
          channelId: `src_bench_${i % VENDORS}`,
          vendorName: `Vendor ${String(i % VENDORS).padStart(2, '0')}`,
          invoiceDate,
          dueDate: day(base, (i % 330) + 30),
          subtotal: total,
          total,
          lines: [],
          charges: [],
          deletedAt: null,
          version: 1,
        };
      });
      for (const inv of states) {
        const current = balances.get(inv.channelId) ?? emptyBalance(listOrg.orgId, inv.channelId);
        const change = { invoiceId: inv.id, before: null, after: contributionOf(inv) };
        balances.set(inv.channelId, applyBalanceChange(current, `evt_seed_${inv.id}`, change).state ?? current);
      }
      const docs = states.map(({ id, ...fields }) => ({ ...fields, _id: id }));
      await db.collection('invoices').insertMany(docs as never[]);
      const terms = states.flatMap((s) => termRows(listOrg.orgId, s.id, 1, searchTermsOf(s)));
      await db.collection('invoice_terms').insertMany(terms as never[]);
      const rows = states.map((inv) => ({ ...rowOf(inv), _id: inv.id, orgId: inv.orgId, version: inv.version }));
      await db.collection('invoice_rows').insertMany(rows as never[]);
    }
    const now = new Date();
    await db.collection('vendor_balances').insertMany(
      [...balances.values()].map((balance) => ({
        ...packBalance(balance),
        _id: `${balance.orgId}:${balance.channelId}`,
        version: 1,
        createdAt: now,
        updatedAt: now,
      })) as never[],
    );
    const count = await db.collection('invoices').countDocuments({ orgId: listOrg.orgId });
    const openRows = [...balances.values()].reduce((sum, b) => sum + b.open.length, 0);
    say(
      `seeded ${INVOICES} invoices of ${VENDORS} vendors (statuses ${[...new Set(STATUSES)].join('/')}, memos 1 in ` +
        `10 and 1 in 25) straight into the service's collections, cloned from an invoice made through the API, ` +
        `with ${balances.size} vendor balances (${openRows} open due-date rows) folded by the service's own rules, ` +
        `in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; the organization holds ${count}`,
    );
    const balanceTimes = await timed(20, () =>
      db.collection('vendor_balances').find({ orgId: listOrg.orgId }).toArray(),
    );
    say(
      `  straight on the database, the organization's balances: p50 ${ms(pct(balanceTimes, 50))} (20 reads after one)`,
    );
    await db.close();

    const headers = { authorization: `Bearer ${listOrg.adminKey}` };
    const meter = cpuMeter({
      'load generator': process.pid,
      gateway: stack.services.gateway!.pid,
      invoicing: stack.services.invoicing!.pid,
      ferretdb: infra.mode === 'local' ? ferretDbPid() : undefined,
    });
    for (const route of ['/invoices/aging', '/invoices/aging?asOf=2026-06-30', '/invoices/stats']) {
      const statuses = new Set<number>();
      let body = '';
      const cpu = meter.start();
      const latencies = await timed(READS, async () => {
        const res = await fetch(`${stack.gatewayUrl}/api/v1${route}`, { headers });
        body = await res.text();
        statuses.add(res.status);
      });
      const used = cpu.stop();
      const perRead = Object.entries(used).map(
        ([name, cpuMs]) => `${name} ${((cpuMs * 1000) / (READS + 1)).toFixed(0)}`,
      );
      const figure = route.startsWith('/invoices/stats')
        ? `count ${(JSON.parse(body) as { count: number }).count}`
        : `${(JSON.parse(body) as { totals: { count: number } }).totals.count} open`;
      say(
        `GET ${route} via gateway (one connection, ${READS} requests, ${count} invoices, ${figure}): ` +
          `p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}; statuses ${[...statuses].join(',')}; ` +
          `goal p99 < 200 ms`,
      );
      say(`  CPU µs per request: ${perRead.join(', ')}`);
    }

    // (b) One landed cost over the 500-line order: the pure allocation, then the route.
    const shares = received.map((l, rank) => ({
      key: `l${rank}`,
      rank,
      weight: BigInt(Math.round(l.receivedQuantity * 10_000)) * BigInt(100 + rank),
    }));
    const pure = await timed(200, async () => largestRemainder(12_345_678, shares));
    say(
      `largestRemainder over ${LINES} lines in-process (200 runs): p50 ${ms(pct(pure, 50))}, p99 ${ms(pct(pure, 99))}`,
    );
    const cost = await ok('POST', `/purchase-orders/${po.id}/landed-costs`, {
      description: 'Bench freight',
      amount: 12_345.67,
      allocationMethod: 'BY_VALUE',
      invoiceId: template.id,
    });
    const sum = (cost.allocations as { amount: number }[]).reduce((s, a) => s + Math.round(a.amount * 100), 0);
    say(`  the landed cost's ${cost.allocations.length} allocations sum to ${(sum / 100).toFixed(2)} of 12345.67`);
    // Where an allocation's time goes: the peers' reads it makes, straight to them (signed as the gateway signs).
    const internal = async (service: 'purchasing' | 'catalog', route: string, body: unknown) => {
      const res = await fetch(`${stack.services[service]!.url}/internal/v1${route}`, {
        method: 'POST',
        headers: asCaller(orgId),
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
    };
    const peerReads = [
      [
        'purchasing POST /internal/v1/purchase-orders/batch (the 500-line order)',
        'purchasing',
        '/purchase-orders/batch',
        { ids: [po.id] },
      ],
      ['catalog POST /internal/v1/variants/batch (its 50 variants)', 'catalog', '/variants/batch', { ids: variants }],
    ] as const;
    for (const [label, service, route, body] of peerReads) {
      const latencies = await timed(20, () => internal(service, route, body));
      say(`  straight to ${label}: p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))} (20 calls)`);
    }
    const allocationMeter = cpuMeter({
      gateway: stack.services.gateway!.pid,
      invoicing: stack.services.invoicing!.pid,
      purchasing: stack.services.purchasing!.pid,
      catalog: stack.services.catalog!.pid,
      ferretdb: infra.mode === 'local' ? ferretDbPid() : undefined,
    });
    for (const method of ['BY_VALUE', 'BY_WEIGHT'] as const) {
      await ok('PUT', `/landed-costs/${cost.id}`, { allocationMethod: method });
      const statuses = new Set<number>();
      const cpu = allocationMeter.start();
      const latencies = await timed(ALLOCATIONS, async () => {
        const res = await api('POST', `/landed-costs/${cost.id}/allocate`);
        await res.arrayBuffer();
        statuses.add(res.status);
      });
      const used = Object.entries(cpu.stop()).map(
        ([name, cpuMs]) => `${name} ${((cpuMs * 1000) / (ALLOCATIONS + 1)).toFixed(0)}`,
      );
      say(
        `POST /landed-costs/{id}/allocate ${method} over ${LINES} lines via gateway (${ALLOCATIONS} requests; reads ` +
          `the order from purchasing${method === 'BY_WEIGHT' ? ' and the weights from the catalog' : ''}): ` +
          `p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}; statuses ${[...statuses].join(',')}; ` +
          `goal under 50 ms`,
      );
      say(`  CPU µs per allocation: ${used.join(', ')}`);
    }
    say(`load average at the end: ${load()}`);
  } finally {
    say(machine.end());
    await stack.destroy();
  }
}

runScript(main);
