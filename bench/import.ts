/**
 * `npm run bench:import`: one supplier feed of BENCH_ROWS rows (100,000 by default) uploaded as
 * CSV through the gateway to a source whose SKUs exist: half the rows are offers linked (as
 * preferred) to variants and change their cost, a quarter are unchanged unlinked SKUs, a quarter
 * new ones. Prints rows/s, the catalog process's memory (RSS) before and at its peak, and the
 * time from the request to `import.completed` arriving at a webhook receiver; then where the
 * import's time went (the job's own timings). The products, variants and SKUs are seeded
 * straight into the catalog's database (as bench:inventory seeds movements): the figure is the
 * import, not the set-up. Everything runs on 127.0.0.1; a script that prints figures, not a test.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ensureInfra, infraVariables, REPO_ROOT, type Stack, startStack } from '@stockyard/testkit';
import { newProduct } from '../services/catalog/src/domain/product-create';
import { settle } from '../services/catalog/src/domain/product-settle';
import { sourceSkuId } from '../services/catalog/src/domain/source-sku';
import { withSourceLinked } from '../services/catalog/src/domain/variant-link';
import { runScript, watchMachine } from './machine';
import { say, sleep } from './support/figures';

// mongoose is the catalog service's dependency, not the workspace root's.
const mongoose = createRequire(path.join(REPO_ROOT, 'services/catalog/package.json'))(
  'mongoose',
) as typeof import('mongoose');

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const LINKED = Math.floor(ROWS / 2);
const UNCHANGED = Math.floor(ROWS / 4);
const NEW = ROWS - LINKED - UNCHANGED;
/**
 * The gateway's per-key default is 300/min; a benchmark must lift it, and says so. Its body limit
 * is not in the way: the upload route takes up to 64 MiB (the route table's maxBodyBytes).
 */
const RATE_LIMIT = '100000000';
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 1800);

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** Notes when `import.completed` arrives (the endpoint is subscribed to nothing else). */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event: string; data: { jobId: string } };
      if (body.event === 'import.completed') arrivals.set(body.data.jobId, performance.now());
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    close: () => (server.closeAllConnections(), server.close()),
  };
}

/** The catalog process's resident memory now (kB), from /proc. */
function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

/** Products (one SIMPLE with its variant per linked SKU), their variant refs, and the source's SKUs. */
async function seed(stack: Stack, orgId: string, sourceId: string): Promise<void> {
  const db = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: stack.databases.catalog! }).asPromise();
  const now = new Date();
  const BATCH = 5000;
  for (let from = 0; from < LINKED; from += BATCH) {
    const products = [];
    const refs = [];
    for (let i = from; i < Math.min(LINKED, from + BATCH); i++) {
      const ids = { productId: `prd_bench${i}`, variantId: `var_bench${i}` };
      const fresh = newProduct(orgId, { type: 'SIMPLE', name: `Bench item ${i}`, cost: 10 }, `BENCH-${i}`, ids, now);
      const { id, ...fields } = settle(withSourceLinked(fresh, ids.variantId, true), null);
      products.push({ ...fields, _id: id, version: 1, createdAt: now, updatedAt: now });
      refs.push({ _id: ids.variantId, orgId, productId: ids.productId });
    }
    await db.collection('products').insertMany(products as never[]);
    await db.collection('variant_refs').insertMany(refs as never[]);
  }
  const sku = (i: number) => {
    const linked = i < LINKED;
    const code = `SUP-${i}`;
    return {
      _id: sourceSkuId(sourceId, code),
      orgId,
      sourceChannelId: sourceId,
      sku: code,
      name: `Supplier item ${i}`,
      cost: linked ? 10 : 5,
      availableQuantity: 100,
      upc: null,
      variantId: linked ? `var_bench${i}` : null,
      productId: linked ? `prd_bench${i}` : null,
      preferred: linked,
      createdAt: now,
      updatedAt: now,
    };
  };
  for (let from = 0; from < LINKED + UNCHANGED; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, LINKED + UNCHANGED - from) }, (_, k) => sku(from + k));
    await db.collection('source_skus').insertMany(rows as never[]);
  }
  await db.close();
}

/** The feed: linked rows with a new cost, unchanged unlinked rows, new rows. */
function feed(): string {
  const lines = ['sku,name,cost,availableQuantity,upc'];
  for (let i = 0; i < ROWS; i++) {
    const cost = i < LINKED ? '11.00' : '5.00';
    lines.push(`SUP-${i},Supplier item ${i},${cost},100,`);
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_import' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} (default 300) for this benchmark`);
  const receiver = await startReceiver();
  const stack = await startStack(['catalog', 'webhooks'], {
    gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT },
    // BENCH_OUTBOX_FOLD_MS: how long the catalog's relay leaves published outbox entries for a
    // later write to fold in before clearing them itself (an experiment: past the import's end,
    // the clears no longer share FerretDB with it).
    catalog: {
      LOG_LEVEL: 'info',
      ...(process.env.BENCH_OUTBOX_FOLD_MS ? { OUTBOX_FOLD_MS: process.env.BENCH_OUTBOX_FOLD_MS } : {}),
    },
    webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' },
  });
  try {
    const { orgId, adminKey } = stack.bootstrapOrg('Bench Org');
    const auth = { authorization: `Bearer ${adminKey}` };
    const api = async (method: string, route: string, body?: unknown) => {
      const res = await fetch(`${stack.gatewayUrl}/api/v1${route}`, {
        method,
        headers: { ...auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const hook = await api('POST', '/webhooks', { url: receiver.url, events: ['import.completed'] });
    if (hook.status !== 201) throw new Error(`webhook endpoint: ${hook.status} ${JSON.stringify(hook.body)}`);
    const source = await api('POST', '/sources', { name: 'Bench Supply' });
    const sourceId = source.body.id as string;

    let started = performance.now();
    await seed(stack, orgId, sourceId);
    say(
      `seeded ${LINKED} products with a variant linked to a preferred offer (cost 10.00) and ` +
        `${UNCHANGED} unlinked SKUs, straight into the database, in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const body = feed();
    say(
      `feed: ${ROWS} rows, ${(body.length / 1e6).toFixed(1)} MB: ${LINKED} linked with a new cost (11.00), ` +
        `${UNCHANGED} unchanged, ${NEW} new`,
    );

    const pid = stack.services.catalog!.pid!;
    const rssBefore = rssKb(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb(pid))), 100);
    const machine = watchMachine();
    started = performance.now();
    const res = await fetch(`${stack.gatewayUrl}/api/v1/sources/${sourceId}/imports`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body,
    });
    const accepted = performance.now();
    const job = (await res.json()) as { id: string; status: string };
    if (res.status !== 202) throw new Error(`import answered ${res.status}: ${JSON.stringify(job)}`);
    say(`POST /sources/{id}/imports answered 202 in ${((accepted - started) / 1000).toFixed(2)} s (upload stored)`);

    let final: Record<string, unknown> = {};
    const deadline = performance.now() + TIMEOUT_S * 1000;
    while (performance.now() < deadline) {
      final = (await api('GET', `/sources/imports/${job.id}`)).body;
      if (final.status === 'COMPLETED' || final.status === 'FAILED') break;
      await sleep(250);
    }
    const polled = performance.now();
    while (!receiver.arrivals.has(job.id) && performance.now() < polled + 60_000) await sleep(20);
    clearInterval(sampler);
    const arrived = receiver.arrivals.get(job.id);
    const finishedAt = Date.parse(final.finishedAt as string);
    const startedAt = Date.parse(final.startedAt as string);
    const applySeconds = (finishedAt - startedAt) / 1000;
    const totalSeconds = ((arrived ?? polled) - started) / 1000;
    say(
      `job ${String(final.status)}: counts ${JSON.stringify(final.counts)}, variant costs changed ` +
        `${String(final.variantCostsChanged)}, rejected rows ${(final.errors as unknown[]).length}`,
    );
    say(
      `rows/s: ${(ROWS / totalSeconds).toFixed(0)} request to import.completed; ` +
        `${(ROWS / applySeconds).toFixed(0)} while applying`,
    );
    say(
      `time from the request to import.completed at the webhook receiver: ` +
        `${arrived === undefined ? 'did not arrive within 60 s of the end' : `${totalSeconds.toFixed(1)} s`} ` +
        `(job applied in ${applySeconds.toFixed(1)} s)`,
    );
    say(`catalog RSS: ${mb(rssBefore)} before the import, ${mb(rssPeak)} at its peak (sampled every 100 ms)`);
    const line = stack.services
      .catalog!.logs()
      .split('\n')
      .find((l) => l.includes('import finished') && l.includes(job.id));
    const timings = line ? (JSON.parse(line) as { timings?: Record<string, number> }).timings : undefined;
    if (timings) {
      const parts = Object.entries(timings).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`);
      say(`where the job's time went: ${parts.join(', ')} (the rest: reading and parsing the CSV, planning)`);
    }
    const goal = ROWS / totalSeconds > 5000;
    say(`goal (over 5,000 rows/s): ${goal ? 'met' : `not met (${(ROWS / totalSeconds / 5000).toFixed(2)}x of it)`}`);
    say(machine.end());
  } finally {
    receiver.close();
    await stack.destroy();
  }
}

runScript(main);
