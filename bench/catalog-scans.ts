/**
 * `npm run bench:catalog-scans`: the catalog reads that used to grow with an organization's
 * data (GET /variants, also with `search` and `sku`, GET /products/data-health, GET
 * /products/family-candidates), p50/p99 through the gateway at BENCH_PRODUCTS (default 5,000)
 * products, beside GET /products. The products (one SIMPLE in ten a FAMILY, each SIMPLE with a
 * second variant every third) and 4,000 listings in pairs under a parent are stored straight
 * into the catalog's database with their SKU claims; the term indexes and, where this checkout
 * has them, the variant list and the variant search are filled the same way.
 *
 * The script runs on any checkout (the variant list is found if present): run it in a checkout
 * of the older commit too, with BENCH_OUT=<file> in each, then `BENCH_COMPARE=<before>,<after>`
 * prints both side by side without running anything. BENCH_READS (default 10 per figure).
 */
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureInfra, gatewayCaller, infraVariables, REPO_ROOT, startStack } from '@stockyard/testkit';
import { termRows } from '../packages/service-kit/src/store/search-index';
import { newProduct } from '../services/catalog/src/domain/product-create';
import { searchTermsOf } from '../services/catalog/src/domain/product-search';
import { runScript, watchMachine } from './machine';
import { pct, say } from './support/figures';

const mongoose = createRequire(path.join(REPO_ROOT, 'services/catalog/package.json'))(
  'mongoose',
) as typeof import('mongoose');

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5_000);
const READS = Number(process.env.BENCH_READS ?? 10);
const LISTINGS = Math.min(4_000, PRODUCTS);
const RATE_LIMIT = '100000000';

type Body = { total?: number; data: unknown[]; status?: string; length?: number };

interface Figure {
  label: string;
  p50: number;
  p99: number;
  note: string;
}

function compare(files: string[]) {
  const [before, after] = files.map(
    (f) => JSON.parse(fs.readFileSync(f, 'utf8')) as { figures: Figure[]; head: string },
  );
  say(`before: ${before!.head}`);
  say(`after:  ${after!.head}`);
  const width = Math.max(...after!.figures.map((f) => f.label.length), ...before!.figures.map((f) => f.label.length));
  say(`${'p50 / p99 (ms)'.padEnd(width)}  ${'before'.padStart(18)}  ${'after'.padStart(18)}`);
  const labels = [...new Set([...before!.figures, ...after!.figures].map((f) => f.label))];
  const cell = (f?: Figure) => (f ? `${f.p50.toFixed(1)} / ${f.p99.toFixed(1)}` : 'n/a');
  for (const label of labels) {
    const b = before!.figures.find((f) => f.label === label);
    const a = after!.figures.find((f) => f.label === label);
    say(`${label.padEnd(width)}  ${cell(b).padStart(18)}  ${cell(a).padStart(18)}   ${a?.note ?? ''}`);
  }
}

/** Products as the service stores them: SIMPLE (every third with a second variant) and one in ten a FAMILY. */
function productDocs(orgId: string, from: number, count: number) {
  const start = Date.now() - PRODUCTS * 1000;
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const type = i % 10 === 9 ? 'FAMILY' : 'SIMPLE';
    const sku = type === 'FAMILY' ? null : `SCAN-${String(i).padStart(7, '0')}`;
    const ids = { productId: `prd_scan_${String(i).padStart(7, '0')}`, variantId: `var_scan_${i}` };
    const when = new Date(start + i * 1000);
    const input = { type, name: `Scan product ${i}`, price: 5 + (i % 50), cost: 2 + (i % 60) } as never;
    const state = newProduct(orgId, input, sku, ids, when);
    if (type === 'SIMPLE' && i % 3 === 0) {
      const second = { ...state.variants[0]!, id: `var_scan_${i}_b`, sku: `${sku}-B`, isDefault: false, position: 1 };
      state.variants = [...state.variants, second];
    }
    const { id, ...fields } = state;
    return { ...fields, _id: id, version: 1, createdAt: when, updatedAt: when };
  });
}

/**
 * The variant list's rows, when this checkout keeps one (its own functions), else none; with
 * their search terms and the variant search index's rows where the checkout keeps those.
 */
async function variantListRows() {
  try {
    const list = await import('../services/catalog/src/domain/variant-list');
    const search = await import('../services/catalog/src/store/variant-search-rows').catch(() => undefined);
    const termsOf = (list as { termsOfEntry?: (name: string, row: object) => string[] }).termsOfEntry;
    return (orgId: string, docs: ReturnType<typeof productDocs>) => {
      const rows = docs.flatMap((d) =>
        list.variantListOf(d).map((r) => ({
          _id: list.variantRowKey(d._id, r.position, r.variantId),
          orgId,
          productId: d._id,
          variantId: r.variantId,
          at: d.createdAt,
          version: 1,
          ...(termsOf ? { terms: termsOf(d.name, r) } : {}),
        })),
      );
      const indexed = search
        ? docs.flatMap((d) => {
            const variants = rows.filter((r) => r.productId === d._id).map((r) => ({ key: r._id, terms: r.terms! }));
            return search.rowsOf(orgId, d._id, variants, d.createdAt);
          })
        : [];
      return { rows, indexed };
    };
  } catch {
    return undefined;
  }
}

/** The SKU claims of the products (every SKU is held by its product, as the store's writes leave them). */
const skuClaims = (orgId: string, docs: ReturnType<typeof productDocs>) =>
  docs.flatMap((d) =>
    d.variants
      .filter((v) => v.sku)
      .map((v) => ({ _id: `${orgId}:${v.sku!.toUpperCase()}`, orgId, sku: v.sku, productId: d._id })),
  );

async function timed(call: () => Promise<Response>, reads = READS) {
  const latencies: number[] = [];
  let last: { status: number; body: unknown; headers: Headers } | undefined;
  for (let i = 0; i < reads; i++) {
    const t = performance.now();
    const res = await call();
    const body = await res.json();
    latencies.push(performance.now() - t);
    last = { status: res.status, body, headers: res.headers };
  }
  latencies.sort((a, b) => a - b);
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), last: last! };
}

async function main() {
  if (process.env.BENCH_COMPARE) return compare(process.env.BENCH_COMPARE.split(','));
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_catalog_scans' });
  const head = `${REPO_ROOT} ${process.env.BENCH_LABEL ?? ''}; ${PRODUCTS} products, ${LISTINGS} listings`;
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const stack = await startStack(['catalog'], { gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT } });
  const machine = watchMachine();
  const figures: Figure[] = [];
  try {
    const { orgId, adminKey } = stack.bootstrapOrg('Scan Org');
    const api = gatewayCaller(stack.gatewayUrl, adminKey);

    const db = await mongoose.createConnection(infra.mongoUrl, { dbName: stack.databases.catalog! }).asPromise();
    const listRows = await variantListRows();
    say(`seeding ${PRODUCTS} products straight into the database (variant list: ${listRows ? 'yes' : 'none here'})`);
    for (let i = 0; i < PRODUCTS; i += 1000) {
      const docs = productDocs(orgId, i, Math.min(1000, PRODUCTS - i));
      await db.collection('products').insertMany(docs as never[]);
      const terms = docs.flatMap((d) => termRows(orgId, d._id, 1, searchTermsOf({ ...d, id: d._id })));
      await db.collection('product_search_terms').insertMany(terms as never[]);
      if (listRows) {
        const { rows, indexed } = listRows(orgId, docs);
        await db.collection('variant_list').insertMany(rows as never[]);
        if (indexed.length) await db.collection('variant_search_terms').insertMany(indexed as never[]);
      }
      await db.collection('sku_claims').insertMany(skuClaims(orgId, docs) as never[]);
    }
    const at = new Date();
    const listings = Array.from({ length: LISTINGS }, (_, i) => {
      const p = i + Math.floor(i / 9); // skip the FAMILY products (every tenth)
      return {
        _id: `lst_scan_${i}`,
        orgId,
        channelId: 'ch_scan',
        productId: `prd_scan_${String(p).padStart(7, '0')}`,
        variantId: null,
        externalProductId: `ext_${i}`,
        externalVariantId: null,
        externalParentId: `PARENT-${String(Math.floor(i / 2)).padStart(6, '0')}`,
        createdAt: at,
        updatedAt: at,
      };
    });
    await db.collection('listings').insertMany(listings as never[]);
    say(`stored: ${await db.collection('products').countDocuments({ orgId })} products`);

    const record = (label: string, r: { p50: number; p99: number }, note = '') => {
      figures.push({ label, p50: r.p50, p99: r.p99, note });
      say(`${label}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms ${note}`);
    };
    const read = async (label: string, route: string, note: (body: Body) => string) => {
      await timed(() => api('GET', route), 1); // builds the list form on first use
      const r = await timed(() => api('GET', route));
      if (r.last.status !== 200) throw new Error(`${route}: ${r.last.status} ${JSON.stringify(r.last.body)}`);
      record(label, r, note(r.last.body as Body));
      return r.last;
    };
    await read('GET /products, first page (reference)', '/products', (b) => `total ${b.total}`);
    const first = await read('GET /variants, first page', '/variants', (b) => `total ${b.total}`);
    await read('GET /variants?offset=4000', '/variants?offset=4000', (b) => `${b.data.length} rows`);
    const next = (first.body as { next?: string | null }).next;
    if (next)
      await read('GET /variants, a cursor page', `/variants?startingAfter=${next}`, (b) => `${b.data.length} rows`);
    // Searches: broad (every product's name, past 1,000 candidates), narrow (a SKU prefix, name words), a SKU.
    const broad = await read('GET /variants?search=scan product', '/variants?search=scan%20product', (b) => {
      return `total ${b.total}`;
    });
    const broadNext = (broad.body as { next?: string | null }).next;
    if (broadNext)
      await read(
        'GET /variants?search=scan product, a cursor page',
        `/variants?search=scan%20product&startingAfter=${broadNext}`,
        (b) => `${b.data.length} rows`,
      );
    await read(
      'GET /variants?search=scan product&offset=4000',
      '/variants?search=scan%20product&offset=4000',
      (b) => `${b.data.length} rows`,
    );
    await read('GET /variants?search=scan-00012', '/variants?search=scan-00012', (b) => `total ${b.total}`);
    await read('GET /variants?search=product 12', '/variants?search=product%2012', (b) => `total ${b.total}`);
    await read('GET /variants?sku=SCAN-0002500', '/variants?sku=SCAN-0002500', (b) => `total ${b.total}`);
    // A SKU no variant has exactly, though every SKU starts with it.
    await read('GET /variants?sku=SCAN-000', '/variants?sku=SCAN-000', (b) => `total ${b.total}`);
    await read('GET /products/data-health, nothing changed since', '/products/data-health', (b) => `${b.status ?? ''}`);
    // After a change: each read follows a product's update (timed: the read alone).
    const changed: number[] = [];
    const put: number[] = [];
    const beside: number[] = [];
    let lastStatus = '';
    for (let i = 0; i < READS; i++) {
      let t = performance.now();
      await (await api('PUT', `/products/prd_scan_${String(i * 7).padStart(7, '0')}`, { price: 100 + i })).json();
      put.push(performance.now() - t);
      t = performance.now();
      const res = await api('GET', '/products/data-health');
      lastStatus = ((await res.json()) as { status?: string }).status ?? '';
      changed.push(performance.now() - t);
      t = performance.now();
      await (await api('GET', '/products')).json();
      beside.push(performance.now() - t);
    }
    for (const list of [changed, put, beside]) list.sort((a, b) => a - b);
    const figure = (l: number[]) => ({ p50: pct(l, 50), p99: pct(l, 99) });
    record('PUT /products/{id} (the change before each read below)', figure(put));
    record('GET /products/data-health, after a change', figure(changed), lastStatus);
    record('GET /products right after that read', figure(beside));
    const candidates = await read('GET /products/family-candidates', '/products/family-candidates', (b) => {
      return `${b.length} groups`;
    });
    const link = candidates.headers.get('link');
    say(`family-candidates Link: ${link ?? '(none)'}`);
    await db.close();
  } finally {
    say(machine.end());
    say(
      `load average at end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    await stack.destroy();
  }
  if (process.env.BENCH_OUT) fs.writeFileSync(process.env.BENCH_OUT, JSON.stringify({ head, figures }, null, 2));
}

runScript(main);
