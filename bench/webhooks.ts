/**
 * `npm run bench:webhooks`: stock adjusts through the gateway at a fixed rate (open loop,
 * 200/s by default) over a catalog of VARIANTS variants, each adjust emitting one
 * `inventory.availability_changed`, delivered by the webhooks service to ENDPOINTS
 * endpoints served by a fast local receiver. Prints events/s sustained, deliveries/s, and
 * the latency from the API's response to the receiver's arrival (an arrival is matched to
 * its adjust by variant and the availability the adjust answered). A first pass of one
 * adjust per variant creates the stock levels and is reported apart, as warm-up. Everything runs on
 * 127.0.0.1 against this machine's servers. A script that prints figures, not a test;
 * bounded in time.
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ensureInfra, infraEnv, infraVariables, REPO_ROOT, type Stack, startStack } from '@stockyard/testkit';
import { stackVariants } from '../services/inventory/test/support/stack-variants';
import { runScript, watchMachine } from './machine';
import { ms, pct, say, sleep } from './support/figures';

// The service kit is the services' dependency, not the workspace root's.
const kitRequire = createRequire(path.join(REPO_ROOT, 'services/webhooks/package.json'));
const kit = {
  ...(kitRequire('@stockyard/service-kit') as typeof import('../packages/service-kit/src')),
  ...(kitRequire('@stockyard/service-kit/events') as typeof import('../packages/service-kit/events')),
  ...(kitRequire('@stockyard/service-kit/ops') as typeof import('../packages/service-kit/ops')),
};
// mongoose is the inventory service's dependency, not the workspace root's.
const mongoose = createRequire(path.join(REPO_ROOT, 'services/inventory/package.json'))(
  'mongoose',
) as typeof import('mongoose');

const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 2);
/** The catalog the adjusts cycle through (a partner's stock changes over a catalog, not a new item per change). */
const VARIANTS = Number(process.env.BENCH_VARIANTS ?? 500);
/**
 * `api` (default): events come from POST /stock/adjust through the gateway, as the issue asks.
 * `broker`: events are published straight to RabbitMQ (no gateway, no inventory), to see the
 * webhooks service's own share; the latency is then measured from the publisher's confirm.
 */
const SOURCE = process.env.BENCH_SOURCE === 'broker' ? 'broker' : 'api';
const DRAIN_SECONDS = 30;
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';

/** Answers 200 at once and notes when each (variant:availability, endpoint) arrived. */
async function startFastReceiver() {
  const arrivals = new Map<string, number>();
  const server = http.createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: { variantId: string; newAvailable: number };
      };
      arrivals.set(`${data.variantId}:${data.newAvailable} ${req.url}`, at);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    close: () => (server.closeAllConnections(), server.close()),
  };
}

/**
 * The load generator's POSTs: plain node:http on kept-alive connections. It shares the two
 * cores with the system it measures; with fetch this process (receiver included) used 2.4 ms
 * of CPU per event at 80 events/s, with node:http 1.4 ms.
 */
const loadAgent = new http.Agent({ keepAlive: true });
function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: loadAgent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(payload)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

type Receiver = Awaited<ReturnType<typeof startFastReceiver>>;

/** Waits until the receiver has `count` arrivals, for at most `seconds`. */
async function arrived(receiver: Receiver, count: number, seconds: number): Promise<void> {
  const until = performance.now() + seconds * 1000;
  while (receiver.arrivals.size < count && performance.now() < until) await sleep(100);
}
/** Emits one event about the variant; answers the status and the arrival key (`variant:availability`). */
type Emit = (variantId: string) => Promise<{ status: number; key: string }>;
type Broker = InstanceType<typeof kit.Broker>;

/** Endpoints on the receiver, and how one event is emitted (through the API, or to the broker). */
async function prepare(stack: Stack, receiver: Receiver, broker: Broker): Promise<Emit> {
  const { orgId, adminKey } = stack.bootstrapOrg('Bench Org');
  const headers = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
  const post = (route: string, body: unknown) =>
    fetch(`${stack.gatewayUrl}/api/v1${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
  for (let i = 0; i < ENDPOINTS; i++) {
    const res = await post('/webhooks', {
      url: `${receiver.url}/hooks/${i}`,
      events: ['inventory.availability_changed'],
    });
    if (res.status !== 201) throw new Error(`creating an endpoint answered ${res.status}: ${await res.text()}`);
  }
  if (SOURCE === 'broker') {
    return async (variantId) => {
      await broker.publish(
        kit.newEvent('inventory.availability_changed', { orgId, variantId, oldAvailable: 0, newAvailable: 1 }),
      );
      return { status: 201, key: `${variantId}:1` };
    };
  }
  const { id: warehouseId } = (await (await post('/warehouses', { name: 'Bench' })).json()) as { id: string };
  // Stock is created only for catalog variants: the read model hears of them as the catalog would tell it.
  const seedDb = await mongoose
    .createConnection(infraEnv().mongoUrl, { dbName: stack.databases.inventory! })
    .asPromise();
  const catalog = Array.from({ length: VARIANTS }, (_, i) => `var_b${i}`);
  await stackVariants(stack.exchange, seedDb, orgId, ['var_warmup', ...catalog]);
  await seedDb.close();
  const adjustUrl = `${stack.gatewayUrl}/api/v1/stock/adjust`;
  return async (variantId) => {
    const res = await postJson(adjustUrl, headers, { variantId, warehouseId, quantity: 1, reason: 'bench' });
    const body = (res.status === 201 ? JSON.parse(res.body) : {}) as { available?: number };
    return { status: res.status, key: `${variantId}:${body.available}` };
  };
}

/** Open loop: event i leaves at start + i/RATE whatever the answers before it. */
async function emitAtRate(emit: Emit, total = RATE * SECONDS) {
  const answered = new Map<string, number>();
  const apiLatency: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 1) await sleep(wait);
    // Through the API the adjusts cycle over the catalog; to the broker every event is a new variant.
    const variantId = `var_b${SOURCE === 'api' ? i % VARIANTS : i}`;
    const sent = performance.now();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const done = ({ status, key }: { status: number; key: string }) => {
      const at = performance.now();
      count(status);
      apiLatency.push(at - sent);
      if (status === 201) answered.set(key, at);
    };
    inFlight.push(emit(variantId).then(done, () => void count(0)));
  }
  await Promise.all(inFlight);
  return {
    total,
    answered,
    apiLatency: apiLatency.sort((a, b) => a - b),
    statuses,
    started,
    emitSeconds: (performance.now() - started) / 1000,
  };
}

type Run = Awaited<ReturnType<typeof emitAtRate>>;

/** API answer -> receiver arrival of each of the run's deliveries that arrived (sorted), and the last arrival. */
function arrivalLatencies(run: Run, receiver: Receiver): { latencies: number[]; last: number } {
  const latencies: number[] = [];
  let last = run.started;
  for (const [key, at] of receiver.arrivals) {
    const answeredAt = run.answered.get(key.split(' ')[0]!);
    if (answeredAt === undefined) continue; // not this run's
    latencies.push(at - answeredAt);
    last = Math.max(last, at);
  }
  return { latencies: latencies.sort((a, b) => a - b), last };
}

function report(run: Run, receiver: Receiver): void {
  const { latencies, last } = arrivalLatencies(run, receiver);
  const expected = run.answered.size * ENDPOINTS;
  const { apiLatency } = run;
  say(
    `API: ${run.answered.size}/${run.total} answered 201 in ${run.emitSeconds.toFixed(1)} s; ` +
      `statuses ${JSON.stringify(Object.fromEntries(run.statuses))}; ` +
      `latency p50 ${ms(pct(apiLatency, 50))}, p99 ${ms(pct(apiLatency, 99))}`,
  );
  say(`events/s sustained: ${(run.answered.size / run.emitSeconds).toFixed(1)}`);
  say(
    `deliveries: ${latencies.length}/${expected} arrived; ` +
      `deliveries/s: ${(latencies.length / ((last - run.started) / 1000)).toFixed(1)}`,
  );
  say(
    `latency API response -> receiver arrival: p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}, ` +
      `max ${ms(latencies[latencies.length - 1] ?? NaN)}`,
  );
  const met = RATE >= 200 && pct(latencies, 99) < 200 && latencies.length === expected;
  say(`target (p99 < 200 ms at 200 events/s, every delivery arrived): ${met ? 'met' : `not met at ${RATE} events/s`}`);
}

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  const receiver = await startFastReceiver();
  const stack = await startStack(SOURCE === 'api' ? ['inventory', 'webhooks'] : ['webhooks'], {
    gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT },
    webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' },
  });
  const broker = new kit.Broker(infra.amqpUrl, stack.exchange, kit.createLogger('bench', 'silent'));
  try {
    await broker.start();
    const emit = await prepare(stack, receiver, broker);
    // Warm-up: one delivery end to end, so start-up costs stay out of the figures.
    await emit('var_warmup');
    await arrived(receiver, ENDPOINTS, 10);
    if (SOURCE === 'api') {
      // A partner's stock changes over a catalog whose stock levels exist: the first change
      // of a variant creates its level (an insert, a different write), so one pass over the
      // catalog at the same rate comes first, unmeasured.
      say(
        `warm-up: one adjust for each of the ${VARIANTS} variants at ${RATE}/s ` +
          `(creates their stock levels; not measured)`,
      );
      const pass = await emitAtRate(emit, VARIANTS);
      await arrived(receiver, ENDPOINTS + pass.answered.size * ENDPOINTS, DRAIN_SECONDS);
      const { latencies } = arrivalLatencies(pass, receiver);
      say(
        `warm-up figures: API p50 ${ms(pct(pass.apiLatency, 50))}, p99 ${ms(pct(pass.apiLatency, 99))}; ` +
          `API response -> receiver arrival p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))} ` +
          `(${latencies.length}/${pass.answered.size * ENDPOINTS} arrived)`,
      );
    }
    receiver.arrivals.clear();

    const how = SOURCE === 'api' ? 'POST /stock/adjust through the gateway' : 'published straight to RabbitMQ';
    const over = SOURCE === 'api' ? `over ${VARIANTS} variants` : 'one variant per event';
    say(`emitting ${RATE} events/s for ${SECONDS} s to ${ENDPOINTS} endpoints (${how}, ${over})`);
    const machine = watchMachine();
    const run = await emitAtRate(emit);
    await arrived(receiver, run.answered.size * ENDPOINTS, DRAIN_SECONDS);
    report(run, receiver);
    say(machine.end());
  } finally {
    receiver.close();
    await stack.destroy();
    // The stack's queues and exchange would stay on the shared broker.
    const queue = `${stack.exchange}.webhooks.dispatcher`;
    for (const name of [queue, `${queue}.retry.2000`, `${queue}.dlq`])
      await broker.current?.deleteQueue(name).catch(() => undefined);
    await broker.current?.deleteExchange(stack.exchange).catch(() => undefined);
    await broker.close();
  }
}

runScript(main);
