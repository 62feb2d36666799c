/**
 * `npm run bench:catalog`: with 50,000 products in one organization, p50/p99 through the
 * gateway of GET /products (first page unfiltered, search by SKU, type + archived,
 * marginBelow), and product creates per second. Everything runs on 127.0.0.1 against
 * this machine's servers; a script that prints figures, not a test; bounded in time.
 * BENCH_PRODUCTS (default 50,000), BENCH_READS (default 20 per list), BENCH_SECONDS
 * (default 10 for creates), BENCH_CONNECTIONS (default 20).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  asCaller,
  ensureInfra,
  ferretDbPid,
  gatewayCaller,
  infraVariables,
  REPO_ROOT,
  startStack,
} from '@stockyard/testkit';
import { termRows } from '../packages/service-kit/src/store/search-index';
import { newProduct } from '../services/catalog/src/domain/product-create';
import { searchTermsOf } from '../services/catalog/src/domain/product-search';
import { cpuMeter, runScript, watchMachine } from './machine';
import { ms, pct, say } from './support/figures';

// mongoose is the catalog service's dependency, not the workspace root's.
const mongoose = createRequire(path.join(REPO_ROOT, 'services/catalog/package.json'))(
  'mongoose',
) as typeof import('mongoose');

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const READS = Number(process.env.BENCH_READS ?? 20);
const CREATE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';
const TYPES = ['SIMPLE', 'SIMPLE', 'SIMPLE', 'SIMPLE', 'SIMPLE', 'SIMPLE', 'SIMPLE', 'BUNDLE', 'ASSEMBLY', 'FAMILY'];

/** Product documents as the service stores them (the domain's own constructor), one in seven archived. */
function productDocs(orgId: string, from: number, count: number) {
  const start = Date.now() - PRODUCTS * 1000;
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const type = TYPES[i % TYPES.length] as 'SIMPLE';
    const price = i % 13 === 0 ? null : 5 + (i % 200);
    const cost = i % 17 === 0 ? null : 2 + (i % 150);
    const sku = `BENCH-${String(i).padStart(7, '0')}`;
    const ids = { productId: `prd_bench_${i}`, variantId: `var_bench_${i}` };
    const when = new Date(start + i * 1000);
    const state = newProduct(orgId, { type, name: `Bench product ${i}`, price, cost }, sku, ids, when);
    const { id, ...fields } = state;
    return { ...fields, _id: id, version: 1, archived: i % 7 === 0, createdAt: when, updatedAt: when };
  });
}

/** The search index rows of those products, as the service's writes keep them. */
const searchRows = (orgId: string, docs: ReturnType<typeof productDocs>) =>
  docs.flatMap((doc) => termRows(orgId, doc._id, 1, searchTermsOf({ ...doc, id: doc._id })));

async function timedReads(call: () => Promise<Response>, reads = READS) {
  const latencies: number[] = [];
  const statuses = new Set<number>();
  let total = 0;
  for (let i = 0; i < reads; i++) {
    const start = performance.now();
    const res = await call();
    const body = (await res.json()) as { total?: number };
    latencies.push(performance.now() - start);
    statuses.add(res.status);
    total = body.total ?? 0;
  }
  latencies.sort((a, b) => a - b);
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), statuses, total, reads };
}

/** `workers` loops, each with one create in flight, for `seconds`. */
async function createLoop(workers: number, seconds: number, create: () => Promise<Response>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const res = await create();
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return {
    perSecond: latencies.length / elapsed,
    count: latencies.length,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    statuses,
  };
}

let stopping: (() => Promise<void>) | undefined;
process.once('SIGINT', () => void (stopping?.() ?? Promise.resolve()).finally(() => process.exit(130)));

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_catalog' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  const stack = await startStack(['catalog'], { gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT } });
  stopping = () => stack.destroy();
  const machine = watchMachine();
  try {
    const { orgId, adminKey } = stack.bootstrapOrg('Bench Org');
    const api = gatewayCaller(stack.gatewayUrl, adminKey);

    say(`seeding ${PRODUCTS} products and their search terms straight into the catalog's database (for speed)...`);
    const db = await mongoose.createConnection(infra.mongoUrl, { dbName: stack.databases.catalog! }).asPromise();
    for (let i = 0; i < PRODUCTS; i += 2000) {
      const docs = productDocs(orgId, i, Math.min(2000, PRODUCTS - i));
      await db.collection('products').insertMany(docs as never[]);
      await db.collection('product_search_terms').insertMany(searchRows(orgId, docs) as never[]);
    }
    say(`stored products for the org: ${await db.collection('products').countDocuments({ orgId })}`);
    await db.close();

    const probe = `BENCH-${String(Math.floor(PRODUCTS / 2) + 1).padStart(7, '0')}`; // a live, unarchived one
    const lists: [string, string][] = [
      ['unfiltered, first page', '/products'],
      [`search by SKU (${probe})`, `/products?search=${probe}`],
      ['search by name words ("product 2500")', '/products?search=product%202500'],
      ['type=BUNDLE&archived=true', '/products?type=BUNDLE&archived=true'],
      ['marginBelow=20', '/products?marginBelow=20'],
    ];
    await timedReads(() => api('GET', '/products?limit=1'), 1); // warm-up
    // Straight to the service too (signed identity, as the gateway sends): the gateway answers
    // 504 after its 30 s upstream timeout, which would hide a slower figure.
    const direct = (route: string) =>
      fetch(`${stack.services.catalog!.url}/api/v1${route}`, { headers: asCaller(orgId, ['products.read']) });
    for (const [label, route] of lists) {
      for (const [via, call] of [
        ['gateway', () => api('GET', route)],
        ['service', () => direct(route)],
      ] as const) {
        // Once untimed: the first use of an index builds its list form on the local FerretDB.
        await timedReads(call, 1);
        const r = await timedReads(call);
        say(
          `GET /products ${label} via ${via} (one connection, ${r.reads} requests, ${PRODUCTS} products): ` +
            `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; total ${r.total}; statuses ${[...r.statuses].join(',')}`,
        );
      }
    }

    let n = 0;
    const create = () => api('POST', '/products', { name: `Created ${n++}`, price: 10, cost: 4 });
    await createLoop(CONNECTIONS, 2, create); // warm-up
    // Each process's CPU per create: what the machine's other load does not change.
    const meter = cpuMeter({
      catalog: stack.services.catalog!.pid,
      gateway: stack.services.gateway!.pid,
      ferretdb: infra.mode === 'local' ? ferretDbPid() : undefined,
    });
    const cpu = meter.start();
    const c = await createLoop(CONNECTIONS, CREATE_SECONDS, create);
    const used = cpu.stop();
    const statuses = JSON.stringify(Object.fromEntries(c.statuses));
    say(
      `POST /products (generated SKUs), ${CONNECTIONS} connections, ${CREATE_SECONDS} s: ` +
        `${c.perSecond.toFixed(0)} creates/s (${c.count} requests; p50 ${ms(c.p50)}, p99 ${ms(c.p99)}; ` +
        `statuses ${statuses})`,
    );
    const perCreate = Object.entries(used).map(([name, total]) => `${name} ${(total / c.count).toFixed(1)}`);
    say(`  CPU ms per create: ${perCreate.join(', ')}`);
  } finally {
    say(machine.end());
    await stack.destroy();
  }
}

runScript(main);
