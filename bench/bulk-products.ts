/**
 * `npm run bench:bulk-products`: BENCH_PRODUCTS live products (5,000 by default, each with a
 * SKU and its claim) in one organization, then `DELETE /products/bulk` with `all: true` through
 * the gateway. Prints the answer time of the first call, and, when the answer says `remaining`
 * (a page per call), every further call until nothing remains and the total; then the same for
 * `POST /products/bulk-restore` with `all: true`. The products are seeded straight into the
 * catalog's database (as bench:category-template seeds them): the figure is the bulk route, not
 * the set-up. Everything runs on 127.0.0.1.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureInfra, infraVariables, REPO_ROOT, type Stack, startStack } from '@stockyard/testkit';
import { newProduct } from '../services/catalog/src/domain/product-create';
import { settle } from '../services/catalog/src/domain/product-settle';
import { runScript, watchMachine } from './machine';
import { say } from './support/figures';

// mongoose is the catalog service's dependency, not the workspace root's.
const mongoose = createRequire(path.join(REPO_ROOT, 'services/catalog/package.json'))(
  'mongoose',
) as typeof import('mongoose');

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5_000);
/** The gateway's per-key default is 300/min; the benchmark lifts it, and says so. */
const RATE_LIMIT = '100000000';
/** Calls per route at most (a page per call of 1,000 needs 5 for 5,000). */
const MAX_CALLS = 1_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** SIMPLE products with SKUs (claimed, as the writer claims them), their variant refs. */
async function seed(stack: Stack, orgId: string): Promise<void> {
  const db = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: stack.databases.catalog! }).asPromise();
  for (let from = 0; from < PRODUCTS; from += 1000) {
    const products = [];
    const refs = [];
    const claims = [];
    for (let i = from; i < Math.min(PRODUCTS, from + 1000); i++) {
      const now = new Date(Date.now() + i);
      const ids = { productId: `prd_bulk${i}`, variantId: `var_bulk${i}` };
      const sku = `BULK-${i}`;
      const { id, ...fields } = settle(
        newProduct(orgId, { type: 'SIMPLE', name: `Bulk item ${i}` }, sku, ids, now),
        null,
      );
      products.push({ ...fields, _id: id, version: 1, createdAt: now, updatedAt: now });
      refs.push({ _id: ids.variantId, orgId, productId: ids.productId });
      claims.push({ _id: `${orgId}:${sku}`, orgId, sku, productId: id, createdAt: now, updatedAt: now });
    }
    await db.collection('products').insertMany(products as never[]);
    await db.collection('variant_refs').insertMany(refs as never[]);
    await db.collection('sku_claims').insertMany(claims as never[]);
  }
  await db.close();
}

type Api = (
  method: string,
  route: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

/**
 * Calls the route until its answer says nothing remains (or it has no `remaining`): each call's
 * time, then the total. A 504 (the gateway gave up after 30 s while the catalog went on) is
 * followed by polling `left()` until it reads 0, to show when the work the request started ended.
 */
async function untilDone(
  api: Api,
  label: string,
  request: { method: string; route: string; body: Record<string, unknown> },
  left: () => Promise<number>,
) {
  const { method, route, body } = request;
  let done = 0;
  let total = 0;
  let next: unknown = null;
  for (let call = 1; call <= MAX_CALLS; call++) {
    const started = performance.now();
    const res = await api(method, route, next ? { ...body, startingAfter: next } : body);
    const took = performance.now() - started;
    total += took;
    const { count, remaining, failed } = res.body as { count?: number; remaining?: number; failed?: unknown[] };
    done += count ?? 0;
    const rest = remaining === undefined ? '' : `, remaining ${remaining}`;
    say(
      `${label} call ${call}: ${res.status} in ${seconds(took)} ` +
        `(count ${count}${rest}, failed ${failed?.length ?? '-'})`,
    );
    if (res.status === 504) {
      for (let last = -1, same = 0; same < 50;) {
        const now = await left();
        if (now === 0) break;
        same = now === last ? same + 1 : 0;
        last = now;
        await new Promise((r) => setTimeout(r, 200));
      }
      say(`${label}: after the 504, ${await left()} left ${seconds(performance.now() - started)} after the call`);
      return;
    }
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    if (!remaining) break;
    next = res.body.next ?? null;
  }
  say(`${label}: ${done} products in ${seconds(total)} of answer time`);
}

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_bulk_products' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} (default 300) for this benchmark`);
  const stack = await startStack(['catalog'], { gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT } });
  try {
    const { orgId, adminKey } = stack.bootstrapOrg('Bench Org');
    const api: Api = async (method, route, body) => {
      const res = await fetch(`${stack.gatewayUrl}/api/v1${route}`, {
        method,
        headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const started = performance.now();
    await seed(stack, orgId);
    say(`seeded ${PRODUCTS} live products with SKUs in ${seconds(performance.now() - started)}`);
    const machine = watchMachine();
    const all = { all: true, confirm: 'DELETE_ALL_PRODUCTS' };
    const total = async (route: string) => Number((await api('GET', `${route}?limit=1`)).body.total);
    const trash = { method: 'DELETE', route: '/products/bulk', body: all };
    await untilDone(api, 'DELETE /products/bulk all', trash, () => total('/products'));
    say(`live products left: ${await total('/products')}`);
    const restore = { method: 'POST', route: '/products/bulk-restore', body: { all: true } };
    await untilDone(api, 'POST /products/bulk-restore all', restore, () => total('/products/trash'));
    say(`live products after the restore: ${await total('/products')}`);
    say(machine.end());
  } finally {
    await stack.destroy();
  }
}

runScript(main);
