/**
 * bench:holds's measuring part (`bench/holds.ts` says what it measures): orders of 10 lines imported with
 * their holds, then fulfilled, through the gateway on 20 connections, and the invariant checked at the end.
 */
import os from 'node:os';
import { gatewayCaller, startStack } from '@stockyard/testkit';
import { cpuMeter, watchMachine } from '../machine';
import type { FlowProbe } from './flow-probe';
import { stopOnInterrupt } from './interrupt';
import { benchServers } from './servers';
import { load, ms, pct, say } from './figures';
import { Refusals } from './refusals';
import { seeder } from './seeding';
import { mongoose } from './store';

const CONNECTIONS = 20;
const LINES = 10;
const VARIANTS = 50;
const STOCK = 1_000_000;
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';

export interface HoldsFigures {
  perSecond: number;
  /** Orders fully committed in the timed run. */
  done: number;
  seconds: number;
  /** CPU ms per order committed, by process ('load generator' is this one). */
  cpuMsPerOp: Record<string, number>;
  refusals: Refusals;
  invariantHolds: boolean;
}

type Api = ReturnType<typeof gatewayCaller>;

async function seed(api: Api) {
  const ok = seeder(api);
  const warehouseId = (await ok('POST', '/warehouses', { name: 'Bench' })).id as string;
  const channelId = (await ok('POST', '/channels', { name: 'Bench API', platform: 'API', warehouseId })).id as string;
  const variants: string[] = [];
  for (let i = 0; i < VARIANTS; i++) {
    const variantId = (await ok('POST', '/products', { name: `Bench item ${i}`, price: 1 })).variants[0].id;
    variants.push(variantId);
    await ok('POST', '/stock/adjust', { variantId, warehouseId, quantity: STOCK, reason: 'bench' });
  }
  say(`seeded ${VARIANTS} variants with ${STOCK} each in one warehouse, an API channel shipping from it`);
  let sequence = 0;
  const body = () => {
    const n = sequence++;
    const lines = Array.from({ length: LINES }, (_, i) => ({
      channelLineId: String(i + 1),
      variantId: variants[(n * 7 + i) % VARIANTS],
      quantity: 1 + (i % 3),
      unitPrice: 2.5,
    }));
    return { channelId, channelOrderId: `HB-${n}`, lines };
  };
  return { warehouseId, variants, body };
}

/** Imports then fulfils orders on every connection until the deadline; non-2xx answers are noted. */
async function loop(api: Api, body: () => unknown, seconds: number, refusals: Refusals) {
  const imports: number[] = [];
  const fulfils: number[] = [];
  const statuses = new Map<string, number>();
  const count = (what: string, status: number) =>
    statuses.set(`${what} ${status}`, (statuses.get(`${what} ${status}`) ?? 0) + 1);
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        let t = performance.now();
        const created = await api('POST', '/orders', body());
        const text = await created.text();
        imports.push(performance.now() - t);
        count('import', created.status);
        refusals.note('POST /orders', created.status, text);
        if (created.status !== 201) continue;
        const order = JSON.parse(text) as { id: string };
        t = performance.now();
        const fulfilled = await api('POST', `/orders/${order.id}/fulfill`, {});
        const answer = await fulfilled.text();
        fulfils.push(performance.now() - t);
        count('fulfil', fulfilled.status);
        refusals.note('POST /orders/{id}/fulfill', fulfilled.status, answer);
        const result = (fulfilled.ok ? JSON.parse(answer) : {}) as { results?: { outcome: string }[] };
        if (result.results?.every((r) => r.outcome === 'committed')) done++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { done, perSecond: done / elapsed, imports, fulfils, statuses };
}

interface Holding {
  variantId: string;
  status: string;
  reservedQuantity: number;
  committedQuantity: number;
}

/**
 * The invariant holds at a quiet moment: once no hold has a move in flight (a call that timed out
 * under load leaves its move on the hold for the sweep, HOLD_SWEEP_MS), up to a minute.
 */
async function checkInvariant(mongoUrl: string, dbName: string, api: Api, warehouseId: string, variants: string[]) {
  const db = await mongoose.createConnection(mongoUrl, { dbName }).asPromise();
  const inFlight = () => db.collection('holds').countDocuments({ pendingMove: { $ne: null } });
  const atEnd = await inFlight();
  const quietFrom = performance.now();
  let left = atEnd;
  while (left > 0 && performance.now() - quietFrom < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    left = await inFlight();
  }
  say(`hold moves in flight when the load stopped: ${atEnd}; ${left} after ${ms(performance.now() - quietFrom)}`);
  const holds = (await db.collection('holds').find({}).toArray()) as unknown as Holding[];
  await db.close();
  const ok = seeder(api);
  let mismatches = 0;
  for (const v of variants) {
    const mine = holds.filter((h) => h.variantId === v);
    const reserved = mine
      .filter((h) => h.status === 'PENDING' || h.status === 'ALLOCATED')
      .reduce((s, h) => s + h.reservedQuantity, 0);
    const committed = mine.reduce((s, h) => s + h.committedQuantity, 0);
    const breakdown = (await ok('GET', `/stock/variant/${v}/breakdown`)) as {
      warehouseId: string;
      onHand: number;
      reserved: number;
    }[];
    const row = breakdown.find((w) => w.warehouseId === warehouseId)!;
    if (row.reserved !== reserved || row.onHand !== STOCK - committed) mismatches++;
  }
  const verdict = mismatches === 0 ? 'holds' : `${mismatches} variants differ`;
  say(`invariant over ${VARIANTS} variants and ${holds.length} holds: ${verdict}`);
  return mismatches === 0;
}

export async function benchHolds(options: { seconds: number; probe?: FlowProbe }): Promise<HoldsFigures> {
  const { seconds, probe } = options;
  const { infra, ferretdb } = await benchServers('bench_holds');
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(`load average at start (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
  const stack = await startStack(['catalog', 'inventory', 'orders'], {
    gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT },
    orders: { FEED_POLL_MS: '0' },
  });
  stopOnInterrupt(stack);
  const machine = watchMachine();
  try {
    const { adminKey } = stack.bootstrapOrg('Bench Holds');
    const api = gatewayCaller(stack.gatewayUrl, adminKey);
    const { warehouseId, variants, body } = await seed(api);
    if (probe?.writes) {
      const ok = seeder(api);
      let id = '';
      const steps = [
        async () => (id = (await ok('POST', '/orders', body())).id as string),
        () => ok('POST', `/orders/${id}/fulfill`, {}),
      ];
      await probe.writes({ stack, steps });
    }
    const refusals = new Refusals();
    const warmUp = new Refusals();
    await loop(api, body, 2, warmUp); // warm-up: connections, caches, the JIT
    refusals.addAll(warmUp, 'warm-up');
    const meter = cpuMeter({
      'load generator': process.pid,
      gateway: stack.services.gateway!.pid,
      orders: stack.services.orders!.pid,
      inventory: stack.services.inventory!.pid,
      catalog: stack.services.catalog!.pid,
      ferretdb,
    });
    const cpu = meter.start();
    const r = await loop(api, body, seconds, refusals);
    const used = cpu.stop();
    r.imports.sort((a, b) => a - b);
    r.fulfils.sort((a, b) => a - b);
    say(
      `import (${LINES} lines, holds reserved) + fulfil (10 SALEs), ${CONNECTIONS} connections, ${seconds} s: ` +
        `${r.perSecond.toFixed(1)} orders/s fully committed (${r.done}); import p50 ${ms(pct(r.imports, 50))} ` +
        `p99 ${ms(pct(r.imports, 99))}; fulfil p50 ${ms(pct(r.fulfils, 50))} p99 ${ms(pct(r.fulfils, 99))}; ` +
        `statuses ${JSON.stringify(Object.fromEntries(r.statuses))}; goal 100/s`,
    );
    const perOrder = Object.entries(used).map(([name, cpuMs]) => `${name} ${((cpuMs * 1000) / r.done).toFixed(0)}`);
    say(`  CPU µs per order: ${perOrder.join(', ')}`);
    const invariantHolds = await checkInvariant(infra.mongoUrl, stack.databases.orders!, api, warehouseId, variants);
    say(`load average at the end: ${load()}`);
    const cpuMsPerOp = Object.fromEntries(Object.entries(used).map(([name, cpuMs]) => [name, cpuMs / r.done]));
    return { perSecond: r.perSecond, done: r.done, seconds, cpuMsPerOp, refusals, invariantHolds };
  } finally {
    say(machine.end());
    stopOnInterrupt(undefined);
    await stack.destroy();
  }
}
