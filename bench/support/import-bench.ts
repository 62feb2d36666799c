/**
 * bench:import's measuring part (`bench/import.ts` says what it measures): one supplier feed uploaded
 * through the gateway, timed from the request to `import.completed` at a webhook receiver.
 */
import fs from 'node:fs';
import { type Stack, startStack } from '@stockyard/testkit';
import { cpuMeter, watchMachine } from '../machine';
import type { FlowProbe } from './flow-probe';
import { feedCsv, feedShape, seedFeed, startReceiver } from './import-feed';
import { stopOnInterrupt } from './interrupt';
import { benchServers } from './servers';
import { say, sleep } from './figures';
import { Refusals } from './refusals';

/**
 * The gateway's per-key default is 300/min; a benchmark must lift it, and says so. Its body limit
 * is not in the way: the upload route takes up to 64 MiB (the route table's maxBodyBytes).
 */
const RATE_LIMIT = '100000000';
/** The feed the write count runs (its job's own writes are spread over its rows). */
const PROBE_ROWS = 1000;

interface ImportOptions {
  rows: number;
  timeoutSeconds: number;
  probe?: FlowProbe;
}

export interface ImportFigures {
  rows: number;
  /** From the request to import.completed at the receiver. */
  perSecond: number;
  seconds: number;
  status: string;
  /** CPU ms per row by process, from the request to import.completed. */
  cpuMsPerOp: Record<string, number>;
  refusals: Refusals;
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** The catalog process's resident memory now (kB), from /proc. */
function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Uploads a feed and waits for its job to end and its `import.completed` to arrive (up to 60 s after). */
async function importFeed(stack: Stack, adminKey: string, sourceId: string, body: string, o: ImportRun) {
  const auth = { authorization: `Bearer ${adminKey}` };
  const started = performance.now();
  const res = await fetch(`${stack.gatewayUrl}/api/v1/sources/${sourceId}/imports`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv' },
    body,
  });
  const accepted = performance.now();
  const job = (await res.json()) as { id: string; status: string };
  if (res.status !== 202) throw new Error(`import answered ${res.status}: ${JSON.stringify(job)}`);
  let final: Record<string, unknown> = {};
  const deadline = performance.now() + o.timeoutSeconds * 1000;
  while (performance.now() < deadline) {
    const polled = await fetch(`${stack.gatewayUrl}/api/v1/sources/imports/${job.id}`, { headers: auth });
    const text = await polled.text();
    o.refusals.note('GET /sources/imports/{id}', polled.status, text);
    if (polled.ok) final = JSON.parse(text) as Record<string, unknown>;
    if (final.status === 'COMPLETED' || final.status === 'FAILED') break;
    await sleep(250);
  }
  const polled = performance.now();
  while (!o.receiver.arrivals.has(job.id) && performance.now() < polled + 60_000) await sleep(20);
  return { job, final, started, accepted, polled, arrived: o.receiver.arrivals.get(job.id) };
}

interface ImportRun {
  timeoutSeconds: number;
  receiver: Receiver;
  refusals: Refusals;
}

/** Before the big seed, while the catalog is small: a feed of its own source counted, its job's writes per row. */
async function probeWrites(stack: Stack, org: { orgId: string; adminKey: string }, o: ImportRun, probe: FlowProbe) {
  const source = await fetch(`${stack.gatewayUrl}/api/v1/sources`, {
    method: 'POST',
    headers: { authorization: `Bearer ${org.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Probe Supply' }),
  });
  if (source.status !== 201) throw new Error(`probe source: ${source.status} ${await source.text()}`);
  const sourceId = ((await source.json()) as { id: string }).id;
  const shape = feedShape(PROBE_ROWS, 'probe');
  await seedFeed(stack, org.orgId, sourceId, shape);
  const body = feedCsv(shape);
  const step = () => importFeed(stack, org.adminKey, sourceId, body, o);
  // One job: the first moves every linked cost, a second would change none.
  await probe.writes?.({ stack, steps: [step], units: PROBE_ROWS, warmups: 0, counted: 1 });
}

/** Prints the job's figures as bench:import always has; answers the time from the request to import.completed. */
function report(stack: Stack, rows: number, run: Awaited<ReturnType<typeof importFeed>>, rss: string): number {
  const { final, started, accepted, polled, arrived, job } = run;
  say(`POST /sources/{id}/imports answered 202 in ${((accepted - started) / 1000).toFixed(2)} s (upload stored)`);
  const applySeconds = (Date.parse(final.finishedAt as string) - Date.parse(final.startedAt as string)) / 1000;
  const totalSeconds = ((arrived ?? polled) - started) / 1000;
  say(
    `job ${String(final.status)}: counts ${JSON.stringify(final.counts)}, variant costs changed ` +
      `${String(final.variantCostsChanged)}, rejected rows ${(final.errors as unknown[]).length}`,
  );
  say(
    `rows/s: ${(rows / totalSeconds).toFixed(0)} request to import.completed; ` +
      `${(rows / applySeconds).toFixed(0)} while applying`,
  );
  say(
    `time from the request to import.completed at the webhook receiver: ` +
      `${arrived === undefined ? 'did not arrive within 60 s of the end' : `${totalSeconds.toFixed(1)} s`} ` +
      `(job applied in ${applySeconds.toFixed(1)} s)`,
  );
  say(rss);
  const logs = stack.services.catalog!.logs().split('\n');
  const line = logs.find((l) => l.includes('import finished') && l.includes(job.id));
  const timings = line ? (JSON.parse(line) as { timings?: Record<string, number> }).timings : undefined;
  if (timings) {
    const parts = Object.entries(timings).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`);
    say(`where the job's time went: ${parts.join(', ')} (the rest: reading and parsing the CSV, planning)`);
  }
  return totalSeconds;
}

export async function benchImport(options: ImportOptions): Promise<ImportFigures> {
  const { rows } = options;
  const { infra, ferretdb } = await benchServers('bench_import');
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
  stopOnInterrupt(stack);
  try {
    const org = stack.bootstrapOrg('Bench Org');
    const auth = { authorization: `Bearer ${org.adminKey}` };
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
    const refusals = new Refusals();
    const run = { timeoutSeconds: options.timeoutSeconds, receiver, refusals };
    if (options.probe?.writes) await probeWrites(stack, org, run, options.probe);
    const source = await api('POST', '/sources', { name: 'Bench Supply' });
    const sourceId = source.body.id as string;

    const shape = feedShape(rows, 'bench');
    const seedStarted = performance.now();
    await seedFeed(stack, org.orgId, sourceId, shape);
    say(
      `seeded ${shape.linked} products with a variant linked to a preferred offer (cost 10.00) and ` +
        `${shape.unchanged} unlinked SKUs, straight into the database, in ` +
        `${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const body = feedCsv(shape);
    say(
      `feed: ${rows} rows, ${(body.length / 1e6).toFixed(1)} MB: ${shape.linked} linked with a new cost (11.00), ` +
        `${shape.unchanged} unchanged, ${rows - shape.linked - shape.unchanged} new`,
    );

    const pid = stack.services.catalog!.pid!;
    const rssBefore = rssKb(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb(pid))), 100);
    const machine = watchMachine();
    const meter = cpuMeter({
      'load generator': process.pid,
      gateway: stack.services.gateway!.pid,
      catalog: pid,
      webhooks: stack.services.webhooks!.pid,
      ferretdb,
    }).start();
    const job = await importFeed(stack, org.adminKey, sourceId, body, run);
    const used = meter.stop();
    clearInterval(sampler);
    const rss = `catalog RSS: ${mb(rssBefore)} before the import, ${mb(rssPeak)} at its peak (sampled every 100 ms)`;
    const totalSeconds = report(stack, rows, job, rss);
    const perSecond = rows / totalSeconds;
    say(`goal (over 5,000 rows/s): ${perSecond > 5000 ? 'met' : `not met (${(perSecond / 5000).toFixed(2)}x of it)`}`);
    say(machine.end());
    const cpuMsPerOp = Object.fromEntries(Object.entries(used).map(([name, cpuMs]) => [name, cpuMs / rows]));
    return { rows, perSecond, seconds: totalSeconds, status: String(job.final.status), cpuMsPerOp, refusals };
  } finally {
    receiver.close();
    stopOnInterrupt(undefined);
    await stack.destroy();
  }
}
