/**
 * `npm run bench:lists`: paged, sorted, filtered lists on the local default store, today's
 * FerretDB build and the one before the lists edit side by side in one run (infra/ferretdb/
 * README.md, "Lists"). For each build: its own FerretDB on a free port with an empty data
 * folder, the gateway and inventory on it, 121,000 movements seeded straight into the ledger
 * (100,000 for one organization, 20,000 for a second, 1,000 for a third), then, through the
 * gateway, p50/p99 of
 *   - GET /stock/movements, first page (50), and at offset 10,000, and the next page after
 *     the first one through its cursor (when the service answers one), unfiltered and with
 *     variantId; GET /warehouses/{id}/stock/movements the same;
 *   - the first page of the organizations with 20,000 and 1,000 movements (cost follows the
 *     page, not the organization: the goal is a ratio under 3; the 1,000 one is also "a new
 *     organization beside 120,000 rows of others");
 * and, straight to the store, a synthetic collection of 100,000 documents {orgId, status,
 * createdAt} with the index {orgId, status, createdAt: -1}: filter by org and status, newest
 * first, limit 50. Last, what a write costs per document with the ledger's indexes built.
 *
 * BENCH_BASELINE=<git rev> picks the "before" build (default: the last commit whose
 * patches.json adds no files, the build before the lists edit); BENCH_BASELINE=0 skips it.
 * BENCH_READS (default 30) timed requests per figure; the baseline, at seconds a request,
 * gets BENCH_BASELINE_READS (default 3), so its p99 is its slowest of three.
 * Only for machines on the local default (no MONGO_URL, no Docker): elsewhere it measures
 * the configured store once.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import {
  buildFerretDb,
  ensureInfra,
  freePort,
  launchFerretDb,
  REPO_ROOT,
  STATE_DIR,
  startStack,
  stopFerretDb,
  type Stack,
} from '@stockyard/testkit';
import { processCpuMs, runScript, watchMachine } from './machine';
import { pct, say } from './support/figures';

// mongoose is the inventory service's dependency, not the workspace root's.
const mongoose = createRequire(path.join(REPO_ROOT, 'services/inventory/package.json'))(
  'mongoose',
) as typeof import('mongoose');

const READS = Number(process.env.BENCH_READS ?? 30);
const BASELINE_READS = Number(process.env.BENCH_BASELINE_READS ?? 3);
const RATE_LIMIT = '100000000';
const ORGS = [
  { name: 'big', movements: 100_000 },
  { name: 'mid', movements: 20_000 },
  { name: 'small', movements: 1_000 },
] as const;
const SYNTHETIC = 100_000;

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);

interface Figure {
  p50: number;
  p99: number;
  n: number;
  /** Answers other than 200, or what a write cost FerretDB. */
  note?: string;
  failed?: boolean;
}

/**
 * `reads` sequential calls after one untimed warm-up (which may build an index). A call
 * answers an HTTP status (other than 200 is noted beside the figure) or anything else.
 */
async function measure(reads: number, call: () => Promise<unknown>): Promise<Figure> {
  await call();
  const latencies: number[] = [];
  const failed = new Map<unknown, number>();
  for (let i = 0; i < reads; i++) {
    const start = performance.now();
    const status = await call();
    latencies.push(performance.now() - start);
    if (typeof status === 'number' && status !== 200) failed.set(status, (failed.get(status) ?? 0) + 1);
  }
  latencies.sort((a, b) => a - b);
  const note = failed.size ? `statuses ${JSON.stringify(Object.fromEntries(failed))}` : undefined;
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), n: reads, note, failed: failed.size > 0 };
}

function movementDocs(orgId: string, prefix: string, warehouses: string[], from: number, count: number) {
  const types = ['ADJUSTMENT', 'TRANSFER_OUT', 'TRANSFER_IN', 'SALE', 'RECEIPT', 'COUNT'];
  const start = Date.now() - 200_000_000;
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return {
      _id: `mov_${prefix}_${String(i).padStart(7, '0')}`,
      orgId,
      type: types[i % types.length],
      variantId: `var_seed_${i % 1000}`,
      warehouseId: warehouses[i % warehouses.length],
      binId: null,
      quantity: i % 2 ? 1 : -1,
      reason: 'seeded for the benchmark',
      onHandAfter: i,
      reference: null,
      createdAt: new Date(start + i * 1000),
    };
  });
}

/** The infra/ferretdb sources of a commit, in a folder of their own. */
function sourcesAt(rev: string): string {
  const dir = path.join(STATE_DIR, 'bench-lists', `src-${rev.slice(0, 12)}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', rev, 'infra/ferretdb'], { cwd: REPO_ROOT, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir, '--strip-components=2'], { input: tar });
  return dir;
}

/** The last commit whose patches.json adds no files: the build before the lists edit. */
function defaultBaseline(): string | undefined {
  const revs = execFileSync('git', ['log', '--format=%H', '--', 'infra/ferretdb/patches.json'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .trim()
    .split('\n');
  return revs.find((rev) => {
    const spec = execFileSync('git', ['show', `${rev}:infra/ferretdb/patches.json`], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    return !(JSON.parse(spec) as { files?: unknown }).files;
  });
}

type Results = Map<string, Figure>;

/** Every figure of one store. */
async function run(label: string, mongoUrl: string, ferretPid: number | undefined, reads: number): Promise<Results> {
  const results: Results = new Map();
  const record = (name: string, figure: Figure) => {
    results.set(name, figure);
    const note = figure.note ? `; ${figure.note}` : '';
    say(`  [${label}] ${name}: p50 ${ms(figure.p50)}, p99 ${ms(figure.p99)} (${figure.n} requests${note})`);
  };
  process.env.MONGO_URL = mongoUrl;
  let stack: Stack | undefined;
  const stop = async () => stack?.destroy();
  stopping = stop;
  try {
    stack = await startStack(['inventory'], { gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT } });
    const orgs = ORGS.map((o) => ({ ...o, ...stack!.bootstrapOrg(`Lists ${o.name}`) }));
    const api = (key: string, route: string, init: RequestInit = {}) =>
      fetch(`${stack!.gatewayUrl}/api/v1${route}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      });
    const json = async (res: Promise<Response>) => {
      const r = await res;
      if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
      return (await r.json()) as Record<string, unknown>;
    };
    const big = orgs[0]!;
    const wh = (await json(api(big.adminKey, '/warehouses', { method: 'POST', body: '{"name":"Bench"}' })))
      .id as string;

    say(`  [${label}] seeding ${ORGS.map((o) => o.movements).join(' + ')} movements...`);
    const db = await mongoose.createConnection(mongoUrl, { dbName: stack.databases.inventory! }).asPromise();
    const movements = db.collection('stock_movements');
    let seeded = performance.now();
    for (const org of orgs) {
      const warehouses = org === big ? [wh, 'wh_seed_2', 'wh_seed_3', 'wh_seed_4'] : ['wh_seed_1'];
      for (let i = 0; i < org.movements; i += 5000) {
        const docs = movementDocs(org.orgId, org.name, warehouses, i, Math.min(5000, org.movements - i));
        await movements.insertMany(docs as never[]);
      }
    }
    say(`  [${label}] seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const get = (key: string, route: string) => async () => {
      const res = await api(key, route);
      await res.arrayBuffer();
      return res.status;
    };
    const shapes: [string, string][] = [
      ['GET /stock/movements, 100k, first page', '/stock/movements'],
      ['GET /stock/movements, 100k, offset 10,000', '/stock/movements?offset=10000'],
      ['GET /stock/movements?variantId, 100k, first page', '/stock/movements?variantId=var_seed_7'],
      ['GET /stock/movements?variantId, 100k, offset 50', '/stock/movements?variantId=var_seed_7&offset=50'],
      [`GET /warehouses/{id}/stock/movements, 25k of 100k, first page`, `/warehouses/${wh}/stock/movements`],
      [`GET /warehouses/{id}/stock/movements, offset 10,000`, `/warehouses/${wh}/stock/movements?offset=10000`],
    ];
    for (const [name, route] of shapes) record(name, await measure(reads, get(big.adminKey, route)));

    // The next page through the cursor of the first, when the service gives one.
    const first = (await json(api(big.adminKey, '/stock/movements'))) as { next?: unknown };
    if (typeof first.next === 'string') {
      const route = `/stock/movements?startingAfter=${encodeURIComponent(first.next)}`;
      record('GET /stock/movements, 100k, the page after a cursor', await measure(reads, get(big.adminKey, route)));
    }

    for (const org of orgs.slice(1)) {
      const name = `GET /stock/movements, first page, org of ${org.movements.toLocaleString('en')}`;
      record(name, await measure(reads, get(org.adminKey, '/stock/movements')));
    }

    // The generic shape, straight to the store.
    const synthetic = db.collection('bench_synthetic');
    await synthetic.createIndex({ orgId: 1, status: 1, createdAt: -1 });
    seeded = performance.now();
    const statuses = ['draft', 'open', 'paid', 'void', 'late'];
    for (let i = 0; i < SYNTHETIC; i += 5000) {
      await synthetic.insertMany(
        Array.from({ length: 5000 }, (_, k) => ({
          _id: `syn_${i + k}` as never,
          orgId: `org_${(i + k) % 10}`,
          status: statuses[Math.floor((i + k) / 10) % statuses.length],
          createdAt: new Date(1_700_000_000_000 + (i + k) * 60_000),
        })),
      );
    }
    say(
      `  [${label}] seeded ${SYNTHETIC} synthetic documents in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    record(
      'synthetic 100k: {orgId, status} newest first, limit 50 (driver)',
      await measure(reads, () =>
        synthetic.find({ orgId: 'org_3', status: 'paid' }).sort({ createdAt: -1 }).limit(50).toArray(),
      ),
    );

    // Writes, with the ledger's indexes built by the reads above: per document.
    for (const [name, batch, count] of [
      ['insert of a movement, batches of 50 (µs per document)', 50, 5000],
      ['insert of a movement, one by one (µs per document)', 1, 500],
    ] as const) {
      const cpuBefore = ferretPid === undefined ? undefined : processCpuMs(ferretPid);
      const started = performance.now();
      for (let i = 0; i < count; i += batch) {
        await movements.insertMany(movementDocs(big.orgId, `w${batch}`, [wh], i, batch) as never[]);
      }
      const wall = ((performance.now() - started) * 1000) / count;
      const cpuAfter = ferretPid === undefined ? undefined : processCpuMs(ferretPid);
      const cpu =
        cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1000) / count;
      const note = cpu === undefined ? '' : `FerretDB CPU ${cpu.toFixed(0)} µs per document`;
      results.set(name, { p50: wall / 1000, p99: wall / 1000, n: count, note });
      say(`  [${label}] ${name}: ${wall.toFixed(0)} µs wall per document; ${note}`);
    }
    await db.close();
  } finally {
    await stop();
    stopping = undefined;
  }
  return results;
}

let stopping: (() => Promise<void>) | undefined;
let ferretToStop: { pid: number; port: number } | undefined;
process.once('SIGINT', () => {
  void (async () => {
    await stopping?.().catch(() => undefined);
    if (ferretToStop) await stopFerretDb(ferretToStop.pid, ferretToStop.port).catch(() => undefined);
    process.exit(130);
  })();
});

/** Its own FerretDB from `srcDir` on a free port and an empty data folder; runs `use`, then stops it. */
async function withFerretDb<T>(label: string, srcDir: string, use: (url: string, pid: number) => Promise<T>) {
  const binary = await buildFerretDb({ srcDir, stateDir: STATE_DIR, log: (line) => say(`  [${label}] ${line}`) });
  const port = await freePort();
  const dataDir = path.join(STATE_DIR, 'bench-lists', `data-${label}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const pid = await launchFerretDb({
    binary,
    port,
    dataDir,
    logFile: path.join(STATE_DIR, 'bench-lists', `${label}.log`),
    cwd: REPO_ROOT,
    log: (line) => say(`  [${label}] ${line}`),
  });
  if (pid === undefined) throw new Error(`${label}: FerretDB did not start`);
  ferretToStop = { pid, port };
  try {
    return await use(`mongodb://127.0.0.1:${port}`, pid);
  } finally {
    await stopFerretDb(pid, port);
    ferretToStop = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, { AMQP_URL: infra.amqpUrl, REDIS_URL: infra.redisUrl, STOCKYARD_TEST_RUN: 'bench_lists' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  const machine = watchMachine();
  const columns: { label: string; results: Results }[] = [];
  try {
    if (infra.mode !== 'local') {
      say('not on the local default store: measuring the configured one only');
      columns.push({ label: infra.mode, results: await run(infra.mode, infra.mongoUrl, undefined, READS) });
    } else {
      const rev = process.env.BENCH_BASELINE ?? defaultBaseline();
      if (rev && rev !== '0') {
        say(`before: FerretDB as built at ${rev.slice(0, 12)} (${BASELINE_READS} requests per figure)`);
        const results = await withFerretDb('before', sourcesAt(rev), (url, pid) =>
          run('before', url, pid, BASELINE_READS),
        );
        columns.push({ label: `before (${rev.slice(0, 7)})`, results });
      }
      const srcDir = process.env.BENCH_SOURCES ?? path.join(REPO_ROOT, 'infra', 'ferretdb');
      say(`now: FerretDB from ${path.relative(REPO_ROOT, srcDir) || srcDir} (${READS} requests per figure)`);
      columns.push({
        label: 'now',
        results: await withFerretDb('now', srcDir, (url, pid) => run('now', url, pid, READS)),
      });
    }
  } finally {
    say(machine.end());
  }

  say(`\nbench:lists, ${new Date().toISOString().slice(0, 10)}: p50 / p99 through the gateway unless marked (driver)`);
  const names = [...new Set(columns.flatMap((c) => [...c.results.keys()]))];
  const width = Math.max(...names.map((n) => n.length));
  say(`${''.padEnd(width)}  ${columns.map((c) => c.label.padEnd(24)).join('')}`);
  for (const name of names) {
    const cells = columns.map((c) => {
      const f = c.results.get(name);
      if (!f) return '-'.padEnd(24);
      if (name.startsWith('insert')) return `${(f.p50 * 1000).toFixed(0)} µs`.padEnd(24);
      return `${ms(f.p50)} / ${ms(f.p99)}${f.failed ? ' *' : ''}`.padEnd(24);
    });
    say(`${name.padEnd(width)}  ${cells.join('')}`);
  }
  if (columns.some((c) => [...c.results.values()].some((f) => f.failed))) {
    say('* some requests of this figure answered other than 200 (statuses above; the gateway gives up after 30 s)');
  }
  const now = columns[columns.length - 1]?.results;
  const mid = now?.get('GET /stock/movements, first page, org of 20,000');
  const small = now?.get('GET /stock/movements, first page, org of 1,000');
  if (mid && small)
    say(`first page at 20,000 vs 1,000 movements (p50): ${(mid.p50 / small.p50).toFixed(2)}x (goal < 3)`);
}

runScript(main);
