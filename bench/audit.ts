/**
 * `npm run bench:audit`: pages of the audit trail (`GET /audit-events`) at 1,000,000 entries in
 * one organization, with other organizations' entries beside them in the same collection. The
 * entries are seeded straight into the webhooks service's store as the service chains them
 * (its own `chained`: sequences, links and hashes), then each page shape is read `BENCH_READS`
 * times after one warm-up, through the gateway and straight at the service, and p50/p99 are
 * printed beside the goal (p99 under 50 ms). Last, what appending costs (records published to
 * the broker until stored) and a verification of 100,000 entries.
 *
 * BENCH_AUDIT_ENTRIES (default 1,000,000) the organization's entries; BENCH_AUDIT_OTHERS (default
 * 200,000) those of ten other organizations; BENCH_READS (default 100); BENCH_AUDIT_APPEND (default
 * 5,000) records published; BENCH_AUDIT_VERIFY_ALL=1 also verifies the whole chain once. On the
 * local default store it runs its own FerretDB (a free port, a data folder it removes after), so
 * a million rows never land in the suite's; elsewhere it uses the configured store.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import type { AuditRecordedPayload } from '@stockyard/contracts';
import {
  asCaller,
  buildFerretDb,
  ensureInfra,
  freePort,
  infraVariables,
  launchFerretDb,
  REPO_ROOT,
  STATE_DIR,
  startStack,
  stopFerretDb,
  type Stack,
} from '@stockyard/testkit';
import { chained, EMPTY_CHAIN, type AuditEntry, type ChainTail } from '../services/webhooks/src/domain/audit-entry';
import { load, ms, pct, say, sleep } from './support/figures';
import { processCpuMs, runScript, watchMachine } from './machine';

// The kit and mongoose are the services' dependencies, not the workspace root's.
const serviceRequire = createRequire(path.join(REPO_ROOT, 'services/webhooks/package.json'));
const mongoose = serviceRequire('mongoose') as typeof import('mongoose');
const kit = {
  ...(serviceRequire('@stockyard/service-kit') as typeof import('../packages/service-kit/src')),
  ...(serviceRequire('@stockyard/service-kit/events') as typeof import('../packages/service-kit/events')),
  ...(serviceRequire('@stockyard/service-kit/ops') as typeof import('../packages/service-kit/ops')),
};

type Collection = import('mongoose').mongo.Collection;
/** The trail's collection, and the FerretDB process serving it when the benchmark runs its own. */
interface Watched {
  collection: Collection;
  ferretPid?: number;
}

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const OTHERS = Number(process.env.BENCH_AUDIT_OTHERS ?? 200_000);
const READS = Number(process.env.BENCH_READS ?? 100);
const APPEND = Number(process.env.BENCH_AUDIT_APPEND ?? 5_000);
const VERIFY_ALL = process.env.BENCH_AUDIT_VERIFY_ALL === '1';
const OTHER_ORGS = 10;
const SEED_BATCH = 5_000;
const GOAL_MS = 50;
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';
const TYPES = ['warehouse', 'product', 'variant', 'purchase_order', 'hold', 'invoice', 'stock_level', 'order'];
const ROUTES = ['update', 'create', 'submit', 'receive', 'cancel'];
/** Seeded changes are this far apart (their `at` and `recordedAt`): a million span about a month. */
const SPACING_MS = 2_500;

/** What an interrupted run stops before it exits: the stack, then its own FerretDB. */
const cleanups: (() => Promise<void>)[] = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      process.exit(130);
    })();
  });
}

/** The i-th change of an organization: 8 resource types, 16,000 resources, 7 keys and a job, some refusals. */
function payloadOf(orgId: string, i: number): AuditRecordedPayload {
  const type = TYPES[i % TYPES.length]!;
  const refused = i % 97 === 0;
  const system = i % 10 === 0;
  const route = `${ROUTES[i % ROUTES.length]}${type.replace(/(^|_)(\w)/g, (_, _s, c: string) => c.toUpperCase())}`;
  return {
    orgId,
    at: new Date(Date.UTC(2026, 0, 1) + i * SPACING_MS).toISOString(),
    actor: system
      ? { kind: 'system', keyId: null, name: null, role: null, type: null, job: 'orders.hold-sweep' }
      : { kind: 'key', keyId: `key_${i % 7}`, name: `Key ${i % 7}`, role: 'ADMIN', type: 'admin', job: null },
    request: system
      ? null
      : { route, method: 'PATCH', path: `/api/v1/x/${i}`, requestId: `req_${i}`, idempotencyKey: null },
    status: refused ? 422 : system ? null : 200,
    errorCode: refused ? 'rule_broken' : null,
    resources: refused
      ? []
      : [
          {
            type,
            id: `${type}_${Math.floor(i / TYPES.length) % 2000}`,
            action: 'changed',
            fields: {
              name: { before: `Name ${i}`, after: `Name ${i + 1}` },
              [`lines[ln_${i % 5}].quantity`]: { before: i % 13, after: (i % 13) + 1 },
            },
          },
        ],
  };
}

const toDoc = ({ id, ...rest }: AuditEntry) => ({ _id: id, ...rest });

/** `count` entries of the organization, chained from the genesis, inserted in batches. */
async function seed(collection: Collection, orgId: string, count: number) {
  let tail: ChainTail = EMPTY_CHAIN;
  const base = Date.UTC(2026, 0, 1);
  for (let from = 0; from < count; from += SEED_BATCH) {
    const docs = [];
    for (let i = from; i < Math.min(count, from + SEED_BATCH); i++) {
      const [entry] = chained(
        tail,
        [{ id: `evt_${orgId}_${i}`, payload: payloadOf(orgId, i) }],
        new Date(base + i * SPACING_MS),
      );
      docs.push(toDoc(entry!));
      tail = entry!;
    }
    await collection.insertMany(docs as never[], { ordered: false });
  }
}

interface Figure {
  p50: number;
  p99: number;
  statuses: string;
  /** CPU per read of each process watched (the service, its FerretDB), in ms. */
  cpu?: number[];
}

/** The processes' CPU so far, in ms (undefined where any is unreadable). */
const cpuOf = (pids: number[]) => {
  const each = pids.map(processCpuMs);
  return each.some((c) => c === undefined) ? undefined : (each as number[]);
};

/**
 * `reads` sequential GETs after one warm-up; p50, p99, any status other than 200, and the CPU
 * the `pids` spent per read (a figure the machine's load does not stretch as it does the wall time).
 */
async function measure(url: string, headers: () => Record<string, string>, reads: number, pids: number[] = []) {
  const get = async () => {
    const res = await fetch(url, { headers: headers() });
    await res.arrayBuffer();
    return res.status;
  };
  await get();
  const latencies: number[] = [];
  const failed = new Map<number, number>();
  const cpuBefore = cpuOf(pids);
  for (let i = 0; i < reads; i++) {
    const started = performance.now();
    const status = await get();
    latencies.push(performance.now() - started);
    if (status !== 200) failed.set(status, (failed.get(status) ?? 0) + 1);
  }
  const cpuAfter = cpuOf(pids);
  latencies.sort((a, b) => a - b);
  const statuses = failed.size ? ` statuses ${JSON.stringify(Object.fromEntries(failed))}` : '';
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : cpuAfter.map((after, i) => (after - cpuBefore[i]!) / reads);
  const figure: Figure = { p50: pct(latencies, 50), p99: pct(latencies, 99), statuses, cpu };
  return figure;
}

/** Its own FerretDB on a free port and an empty data folder (removed after), for `use`. */
async function withOwnFerretDb<T>(use: (url: string, pid: number) => Promise<T>): Promise<T> {
  const dir = path.join(STATE_DIR, 'bench-audit');
  const srcDir = path.join(REPO_ROOT, 'infra', 'ferretdb');
  const binary = await buildFerretDb({ srcDir, stateDir: STATE_DIR, log: (line) => say(`  ${line}`) });
  const port = await freePort();
  const dataDir = path.join(dir, 'data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const log = (line: string) => say(`  ${line}`);
  const logFile = path.join(dir, 'ferretdb.log');
  const pid = await launchFerretDb({ binary, port, dataDir, logFile, cwd: REPO_ROOT, log });
  if (pid === undefined) throw new Error('FerretDB did not start');
  cleanups.push(async () => {
    await stopFerretDb(pid, port);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  try {
    return await use(`mongodb://127.0.0.1:${port}`, pid);
  } finally {
    await stopFerretDb(pid, port);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** When the trail recorded the organization's entry at `sequence`, as a query takes it. */
async function recordedAt(collection: Collection, orgId: string, sequence: number): Promise<string> {
  const doc = await collection.findOne({ orgId, sequence }, { projection: { recordedAt: 1 } });
  return (doc!.recordedAt as Date).toISOString();
}

/** The page shapes measured, as query strings, from what was seeded. */
async function shapes(collection: Collection, orgId: string) {
  const at = (sequence: number) => recordedAt(collection, orgId, sequence);
  const middle = Math.floor(ENTRIES / 2);
  const window = `from=${await at(middle)}&to=${await at(middle + 200)}`;
  const lastThousand = `from=${await at(Math.max(1, ENTRIES - 1000))}`;
  return [
    ['first page (20)', ''],
    ['first page (100)', '?limit=100'],
    ['resourceType (1 in 8)', '?resourceType=purchase_order'],
    ['resourceId (1 in 16,000)', '?resourceId=invoice_77'],
    ['actorKeyId (1 in 8)', '?actorKeyId=key_3'],
    ['route (1 in 40)', '?route=receiveHold'],
    ['status 422 (1 in 97)', '?status=422'],
    [`a cursor page below ${middle.toLocaleString('en')}`, `?startingAfter=${middle}`],
    ['resourceType, cursor page below 100,000', '?resourceType=product&startingAfter=100000'],
    ['from/to, 200 entries mid-chain', `?${window}`],
    ['from, the last 1,000 entries', `?${lastThousand}`],
    ['one entry by id', `/evt_${orgId}_${middle}`],
  ] as const;
}

async function measureReads(stack: Stack, org: { orgId: string; adminKey: string }, db: Watched) {
  const { orgId, adminKey } = org;
  const gateway = `${stack.services.gateway!.url}/api/v1/audit-events`;
  const service = `${stack.services.webhooks!.url}/api/v1/audit-events`;
  const viaGateway = () => ({ authorization: `Bearer ${adminKey}` });
  // A signed identity is good for 60 s: each request signs its own, as the gateway does.
  const viaService = () => asCaller(orgId, ['audit.read']);
  const list = await shapes(db.collection, orgId);
  // The CPU the service and its FerretDB spend per page, read from /proc around the direct reads.
  const pids = [stack.services.webhooks!.pid!, ...(db.ferretPid === undefined ? [] : [db.ferretPid])];
  // Each shape once, straight at the service: our FerretDB builds an index's list form the first
  // time a query needs it (seconds at a million rows), which no measured read should wait for.
  const started = performance.now();
  for (const [, query] of list) await (await fetch(`${service}${query}`, { headers: viaService() })).arrayBuffer();
  const built = ms(performance.now() - started);
  say(`\nwarm-up (our FerretDB builds each index's list form once): ${built}; load ${load()}`);
  say(`GET /audit-events at ${ENTRIES.toLocaleString('en')} entries, ${READS} reads each (p50 / p99):`);
  const head = ['shape'.padEnd(44), 'gateway'.padEnd(22), 'service'.padEnd(22), 'CPU/page'.padEnd(18)];
  say(`${head.join(' ')} goal p99 < ${GOAL_MS} ms`);
  for (const [name, query] of list) {
    const direct = await measure(`${service}${query}`, viaService, READS, pids);
    const front = await measure(`${gateway}${query}`, viaGateway, READS);
    const cell = (f: Figure) => `${ms(f.p50)} / ${ms(f.p99)}${f.statuses}`.padEnd(22);
    const cpu = (direct.cpu === undefined ? '-' : direct.cpu.map((c) => c.toFixed(1)).join(' + ')).padEnd(18);
    const verdict = front.p99 < GOAL_MS ? 'met' : 'MISSED';
    say(`${name.padEnd(44)} ${cell(front)} ${cell(direct)} ${cpu} ${verdict}`);
  }
  say('(CPU/page: ms of the webhooks process + its FerretDB per read straight at the service)');
  say(`load average after the reads: ${load()}`);
}

/** Records published to the broker until all are stored: what the consumer appends per second. */
async function measureAppends(stack: Stack, collection: Collection) {
  const broker = new kit.Broker(process.env.AMQP_URL!, stack.exchange, kit.createLogger('bench', 'silent'));
  await broker.start();
  try {
    const orgId = 'org_bench_audit_appends';
    const started = performance.now();
    for (let i = 0; i < APPEND; i += 100) {
      const events = Array.from({ length: Math.min(100, APPEND - i) }, (_, k) =>
        kit.newEvent('audit.recorded', payloadOf(orgId, i + k)),
      );
      await Promise.all(events.map((event) => broker.publish(event)));
    }
    const published = performance.now();
    while ((await collection.countDocuments({ orgId })) < APPEND) await sleep(100);
    const stored = performance.now();
    say(
      `\nappends: ${APPEND} records published in ${ms(published - started)}, all stored after ` +
        `${ms(stored - started)}: ${((APPEND * 1000) / (stored - started)).toFixed(0)} entries/s ` +
        `into a collection of ${(ENTRIES + OTHERS).toLocaleString('en')}`,
    );
  } finally {
    await broker.close();
  }
}

/** GET /audit-events/verify over a range, straight at the service (no proxy timeout). */
async function measureVerify(stack: Stack, orgId: string, query: string, label: string) {
  const started = performance.now();
  const res = await fetch(`${stack.services.webhooks!.url}/api/v1/audit-events/verify${query}`, {
    headers: asCaller(orgId, ['audit.read']),
  });
  const body = (await res.json()) as { intact: boolean; checked: number };
  const took = performance.now() - started;
  say(
    `verify, ${label}: ${res.status} intact=${body.intact}, ${body.checked.toLocaleString('en')} entries in ` +
      `${ms(took)} (${((body.checked * 1000) / took).toFixed(0)} entries/s)`,
  );
}

async function run(mongoUrl: string, ferretPid?: number) {
  process.env.MONGO_URL = mongoUrl;
  const stack = await startStack(['webhooks'], { gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT } });
  cleanups.push(() => stack.destroy());
  try {
    const { orgId, adminKey } = stack.bootstrapOrg('Audit bench');
    const db = await mongoose.createConnection(mongoUrl, { dbName: stack.databases.webhooks! }).asPromise();
    const collection = db.collection('audit_events');
    try {
      say(`seeding ${ENTRIES.toLocaleString('en')} entries + ${OTHERS.toLocaleString('en')} of ${OTHER_ORGS} others…`);
      const started = performance.now();
      for (let o = 0; o < OTHER_ORGS; o++)
        await seed(collection, `org_bench_other_${o}`, Math.floor(OTHERS / OTHER_ORGS / 2));
      await seed(collection, orgId, ENTRIES);
      for (let o = 0; o < OTHER_ORGS; o++)
        await seed(collection, `org_bench_later_${o}`, Math.floor(OTHERS / OTHER_ORGS / 2));
      say(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s (load ${load()})`);
      const machine = watchMachine();
      await measureReads(stack, { orgId, adminKey }, { collection, ferretPid });
      say(machine.end());
      await measureAppends(stack, collection);
      const at = (sequence: number) => recordedAt(collection, orgId, sequence);
      const span = Math.min(100_000, ENTRIES);
      const low = Math.max(1, Math.floor((ENTRIES - span) / 2));
      const label = `${span.toLocaleString('en')} entries`;
      await measureVerify(stack, orgId, `?from=${await at(low)}&to=${await at(low + span - 1)}`, label);
      if (VERIFY_ALL) await measureVerify(stack, orgId, '', 'the whole chain');
    } finally {
      await db.close();
    }
  } finally {
    await stack.destroy();
  }
}

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_audit' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(`load average at start: ${load()}`);
  if (infra.mode === 'local') await withOwnFerretDb(run);
  else await run(infra.mongoUrl);
  say(`load average at the end: ${load()}`);
}

runScript(main);
