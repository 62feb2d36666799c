/**
 * `npm run bench:category-template`: a category with BENCH_PRODUCTS products (7,000 by default,
 * the count) whose template changes through the gateway, so every product's `enriched`
 * flips (true → false: the template asks for a GTIN none has), then back. Prints, side by side,
 * the time PATCH /categories/{id} took to answer (its enrichment PENDING) and the time until the
 * category read DONE (its job settled every product), polled every 100 ms through the gateway.
 * The products are seeded straight into the catalog's database (as bench:import seeds them):
 * the figure is the template change, not the set-up. Everything runs on 127.0.0.1.
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

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 7_000);
/** The gateway's per-key default is 300/min; the benchmark lifts it, and says so. */
const RATE_LIMIT = '100000000';

/** SIMPLE products in the category, settled on its empty template (enriched), with their variant refs. */
async function seed(stack: Stack, orgId: string, categoryId: string): Promise<void> {
  const db = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: stack.databases.catalog! }).asPromise();
  const now = new Date();
  for (let from = 0; from < PRODUCTS; from += 1000) {
    const products = [];
    const refs = [];
    for (let i = from; i < Math.min(PRODUCTS, from + 1000); i++) {
      const ids = { productId: `prd_tmpl${i}`, variantId: `var_tmpl${i}` };
      const input = { type: 'SIMPLE' as const, name: `Template item ${i}`, categoryId, cost: 10 };
      const { id, ...fields } = settle(newProduct(orgId, input, `TMPL-${i}`, ids, now), null);
      products.push({ ...fields, _id: id, version: 1, createdAt: now, updatedAt: now });
      refs.push({ _id: ids.variantId, orgId, productId: ids.productId });
    }
    await db.collection('products').insertMany(products as never[]);
    await db.collection('variant_refs').insertMany(refs as never[]);
  }
  await db.close();
}

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_category_template' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} (default 300) for this benchmark`);
  const stack = await startStack(['catalog'], { gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT } });
  try {
    const { orgId, adminKey } = stack.bootstrapOrg('Bench Org');
    const api = async (method: string, route: string, body?: unknown) => {
      const res = await fetch(`${stack.gatewayUrl}/api/v1${route}`, {
        method,
        headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const category = await api('POST', '/categories', { name: 'Bench shelves' });
    if (category.status !== 201) throw new Error(`category: ${category.status} ${JSON.stringify(category.body)}`);
    const id = category.body.id as string;
    let started = performance.now();
    await seed(stack, orgId, id);
    say(
      `seeded ${PRODUCTS} enriched products in one category in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const machine = watchMachine();
    for (const [label, template, enriched] of [
      ['asks for a GTIN (every product flips to not enriched)', { coreFields: ['gtin'], customFields: [] }, false],
      ['asks for nothing again (every product flips back)', { coreFields: [], customFields: [] }, true],
    ] as const) {
      started = performance.now();
      const res = await api('PATCH', `/categories/${id}`, { template });
      const answered = (performance.now() - started) / 1000;
      if (res.status !== 200) throw new Error(`PATCH: ${res.status} ${JSON.stringify(res.body)} in ${answered} s`);
      const job = res.body.enrichment as { status: string; templateVersion: number };
      let enrichment = job;
      while (enrichment.status !== 'DONE') {
        await new Promise((r) => setTimeout(r, 100));
        enrichment = (await api('GET', `/categories/${id}`)).body.enrichment as typeof job;
      }
      const settled = (performance.now() - started) / 1000;
      say(
        `template ${label}: PATCH ${res.status} ${job.status} in ${answered.toFixed(2)} s | DONE ` +
          `(${JSON.stringify(enrichment)}) after ${settled.toFixed(2)} s`,
      );
      const sample = await api('GET', `/products/prd_tmpl${PRODUCTS - 1}`);
      if (sample.body.enriched !== enriched)
        throw new Error(`the last product's enriched is ${String(sample.body.enriched)}`);
    }
    say(machine.end());
  } finally {
    await stack.destroy();
  }
}

runScript(main);
