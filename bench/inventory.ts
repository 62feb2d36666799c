/**
 * `npm run bench:inventory`: stock adjusts per second through the gateway with 50
 * connections, and GET /stock/movements latency with 100,000 movements stored.
 * Everything runs on 127.0.0.1 against this machine's servers (see README: where the
 * servers come from). A script that prints figures, not a test; bounded in time.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { asCaller, ensureInfra, ferretDbPid, infraVariables, REPO_ROOT, startStack } from '@stockyard/testkit';
import { stackVariants } from '../services/inventory/test/support/stack-variants';
import { cpuMeter, runScript, watchMachine } from './machine';
import { ms, pct, say } from './support/figures';

// mongoose is the inventory service's dependency, not the workspace root's.
const mongoose = createRequire(path.join(REPO_ROOT, 'services/inventory/package.json'))(
  'mongoose',
) as typeof import('mongoose');

const CONNECTIONS = 50;
const ADJUST_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MOVEMENTS = 100_000;
/** Which adjust phases run: `spread`, `keyed`, `hot`, comma-separated (all by default). */
const ADJUSTS = new Set((process.env.BENCH_ADJUSTS ?? 'spread,keyed,hot').split(','));
/** Timed reads per movement query; 0 skips seeding and reading. */
const READS = Number(process.env.BENCH_READS ?? 30);
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';

async function timed(call: () => Promise<Response>, latencies: number[]): Promise<number> {
  const start = performance.now();
  const res = await call();
  await res.arrayBuffer();
  latencies.push(performance.now() - start);
  return res.status;
}

/** `workers` loops, each with one request in flight, for `seconds`. */
async function closedLoop(workers: number, seconds: number, call: (worker: number) => Promise<Response>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < deadline) {
        const status = await timed(() => call(w), latencies);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    statuses,
  };
}

function movementDocs(orgId: string, warehouses: string[], from: number, count: number) {
  const types = ['ADJUSTMENT', 'TRANSFER_OUT', 'TRANSFER_IN', 'SALE', 'RECEIPT', 'COUNT'];
  const start = Date.now() - MOVEMENTS * 1000;
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return {
      _id: `mov_seed_${String(i).padStart(7, '0')}`,
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

let stopping: (() => Promise<void>) | undefined;
// Ctrl-C still stops the processes and drops the databases.
process.once('SIGINT', () => void (stopping?.() ?? Promise.resolve()).finally(() => process.exit(130)));

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_inventory' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  const stack = await startStack(['inventory'], { gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT } });
  stopping = () => stack.destroy();
  const machine = watchMachine();
  try {
    const { orgId, adminKey } = stack.bootstrapOrg('Bench Org');
    const headers = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
    const api = (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
      fetch(`${stack.gatewayUrl}/api/v1${path}`, {
        method,
        headers: { ...headers, ...extra },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const wh = ((await (await api('POST', '/warehouses', { name: 'Bench' })).json()) as { id: string }).id;
    // Stock is created only for catalog variants: the read model hears of them as the catalog would tell it.
    const seedDb = await mongoose.createConnection(infra.mongoUrl, { dbName: stack.databases.inventory! }).asPromise();
    const names = (prefix: string) => Array.from({ length: CONNECTIONS }, (_, w) => `${prefix}${w}`);
    await stackVariants(stack.exchange, seedDb, orgId, [...names('var_warm_'), ...names('var_spread_'), 'var_hot']);
    await seedDb.close();
    let keys = 0;
    const adjust = (variantId: string, keyed = false) =>
      api(
        'POST',
        '/stock/adjust',
        { variantId, warehouseId: wh, quantity: 1, reason: 'bench' },
        keyed ? { 'idempotency-key': `bench-${++keys}` } : {},
      );

    await closedLoop(CONNECTIONS, 2, (w) => adjust(`var_warm_${w}`));
    const meter = cpuMeter({
      'load generator': process.pid,
      gateway: stack.services.gateway!.pid,
      inventory: stack.services.inventory!.pid,
      ferretdb: infra.mode === 'local' ? ferretDbPid() : undefined,
    });
    // The keyed row beside the first: what an Idempotency-Key costs (its record, the gateway reading
    // the body first so it can send it again, the key's ids).
    const phases = [
      ['spread', `${CONNECTIONS} variants, one per connection`, (w: number) => `var_spread_${w}`, false],
      [
        'keyed',
        `${CONNECTIONS} variants, one per connection, each with an Idempotency-Key`,
        (w: number) => `var_spread_${w}`,
        true,
      ],
      ['hot', 'one hot variant shared by all connections', () => 'var_hot', false],
    ] as const;
    for (const [, label, pick, keyed] of phases.filter(([phase]) => ADJUSTS.has(phase))) {
      const cpu = meter.start();
      const r = await closedLoop(CONNECTIONS, ADJUST_SECONDS, (w) => adjust(pick(w), keyed));
      const used = cpu.stop();
      say(
        `POST /stock/adjust, ${CONNECTIONS} connections, ${ADJUST_SECONDS} s, ${label}: ` +
          `${r.perSecond.toFixed(0)} adjusts/s (${r.count} requests; p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; ` +
          `statuses ${JSON.stringify(Object.fromEntries(r.statuses))})`,
      );
      const perAdjust = Object.entries(used).map(([name, cpuMs]) => `${name} ${((cpuMs * 1000) / r.count).toFixed(0)}`);
      say(`  CPU µs per adjust: ${perAdjust.join(', ')}`);
    }

    if (READS <= 0) return say('BENCH_READS=0: movement reads skipped');
    say(`seeding ${MOVEMENTS} movements directly into stock_movements (bypassing the API, for speed)...`);
    const db = await mongoose.createConnection(infra.mongoUrl, { dbName: stack.databases.inventory! }).asPromise();
    const others = [wh, 'wh_seed_2', 'wh_seed_3', 'wh_seed_4'];
    for (let i = 0; i < MOVEMENTS; i += 5000)
      await db.collection('stock_movements').insertMany(movementDocs(orgId, others, i, 5000) as never[]);
    say(`stored movements for the org: ${await db.collection('stock_movements').countDocuments({ orgId })}`);
    await db.close();

    say(
      'each query is sent once before it is timed: the first use of an index builds its list form on ' +
        'the local FerretDB (infra/ferretdb/README.md, "Lists"); MongoDB serves it from the index itself',
    );
    // Straight to the service too (signed identity, as the gateway sends): the gateway
    // answers 504 after its 30 s upstream timeout, which would hide the real figure.
    const direct = (path: string) =>
      fetch(`${stack.services.inventory!.url}/api/v1${path}`, { headers: asCaller(orgId, ['warehouses.read']) });
    const reads: [string, string, () => Promise<Response>][] = [
      ['/stock/movements', 'service', () => direct('/stock/movements')],
      ['/stock/movements?variantId=var_seed_7', 'service', () => direct('/stock/movements?variantId=var_seed_7')],
      ['/stock/movements', 'gateway', () => api('GET', '/stock/movements')],
    ];
    for (const [path, route, call] of reads) {
      const latencies: number[] = [];
      const statuses = new Set<number>();
      await (await call()).arrayBuffer();
      for (let i = 0; i < READS; i++) statuses.add(await timed(call, latencies));
      latencies.sort((a, b) => a - b);
      say(
        `GET ${path} via ${route} (one connection, ${READS} requests, 100k movements): ` +
          `p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}; statuses ${[...statuses].join(',')}`,
      );
    }
  } finally {
    say(machine.end());
    await stack.destroy();
  }
}

runScript(main);
