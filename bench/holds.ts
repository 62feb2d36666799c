/**
 * `npm run bench:holds`: orders per second end to end through the gateway, 20 connections: each
 * order of 10 lines (by variantId) imported (`POST /orders`: its holds made and reserved in inventory
 * before the answer) then fulfilled (`POST /orders/{id}/fulfill`: every hold deducted as a SALE).
 * At the end the invariant is checked for every variant: inventory's reserved is the sum of open
 * holds' reserved, and on hand fell by exactly the committed quantities. A script that prints
 * figures, not a test; its own isolated stack on this machine's servers.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureInfra, ferretDbPid, gatewayCaller, infraVariables, REPO_ROOT, startStack } from '@stockyard/testkit';
import { cpuMeter, runScript, watchMachine } from './machine';
import { seeder } from './support/seeding';
import { load, ms, pct, say } from './support/figures';

// mongoose is the services' dependency, not the workspace root's.
const mongoose = createRequire(path.join(REPO_ROOT, 'services/orders/package.json'))(
  'mongoose',
) as typeof import('mongoose');

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LINES = 10;
const VARIANTS = 50;
const STOCK = 1_000_000;
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';

let stopping: (() => Promise<void>) | undefined;
process.once('SIGINT', () => void (stopping?.() ?? Promise.resolve()).finally(() => process.exit(130)));

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_holds' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(`load average at start (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
  const stack = await startStack(['catalog', 'inventory', 'orders'], {
    gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT },
    orders: { FEED_POLL_MS: '0' },
  });
  stopping = () => stack.destroy();
  const machine = watchMachine();
  try {
    const { adminKey } = stack.bootstrapOrg('Bench Holds');
    const api = gatewayCaller(stack.gatewayUrl, adminKey);
    const ok = seeder(api);

    const warehouseId = (await ok('POST', '/warehouses', { name: 'Bench' })).id as string;
    const channelId = (await ok('POST', '/channels', { name: 'Bench API', platform: 'API', warehouseId })).id;
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
    const loop = async (seconds: number) => {
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
            const order = (await created.json()) as { id: string };
            imports.push(performance.now() - t);
            count('import', created.status);
            if (created.status !== 201) continue;
            t = performance.now();
            const fulfilled = await api('POST', `/orders/${order.id}/fulfill`, {});
            const result = (await fulfilled.json()) as { results?: { outcome: string }[] };
            fulfils.push(performance.now() - t);
            count('fulfil', fulfilled.status);
            if (result.results?.every((r) => r.outcome === 'committed')) done++;
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      return { done, perSecond: done / elapsed, imports, fulfils, statuses };
    };
    await loop(2); // warm-up: connections, caches, the JIT
    const meter = cpuMeter({
      'load generator': process.pid,
      gateway: stack.services.gateway!.pid,
      orders: stack.services.orders!.pid,
      inventory: stack.services.inventory!.pid,
      catalog: stack.services.catalog!.pid,
      ferretdb: infra.mode === 'local' ? ferretDbPid() : undefined,
    });
    const cpu = meter.start();
    const r = await loop(SECONDS);
    const used = cpu.stop();
    r.imports.sort((a, b) => a - b);
    r.fulfils.sort((a, b) => a - b);
    say(
      `import (${LINES} lines, holds reserved) + fulfil (10 SALEs), ${CONNECTIONS} connections, ${SECONDS} s: ` +
        `${r.perSecond.toFixed(1)} orders/s fully committed (${r.done}); import p50 ${ms(pct(r.imports, 50))} ` +
        `p99 ${ms(pct(r.imports, 99))}; fulfil p50 ${ms(pct(r.fulfils, 50))} p99 ${ms(pct(r.fulfils, 99))}; ` +
        `statuses ${JSON.stringify(Object.fromEntries(r.statuses))}; goal 100/s`,
    );
    const perOrder = Object.entries(used).map(([name, cpuMs]) => `${name} ${((cpuMs * 1000) / r.done).toFixed(0)}`);
    say(`  CPU µs per order: ${perOrder.join(', ')}`);

    // The invariant holds at a quiet moment: once no hold has a move in flight (a call that timed out
    // under load leaves its move on the hold for the sweep, HOLD_SWEEP_MS), up to a minute.
    const db = await mongoose.createConnection(infra.mongoUrl, { dbName: stack.databases.orders! }).asPromise();
    const inFlight = () => db.collection('holds').countDocuments({ pendingMove: { $ne: null } });
    const atEnd = await inFlight();
    const quietFrom = performance.now();
    let left = atEnd;
    while (left > 0 && performance.now() - quietFrom < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      left = await inFlight();
    }
    say(`hold moves in flight when the load stopped: ${atEnd}; ${left} after ${ms(performance.now() - quietFrom)}`);
    const holds = await db.collection('holds').find({}).toArray();
    await db.close();
    let mismatches = 0;
    for (const v of variants) {
      const mine = holds.filter((h) => h.variantId === v);
      const reserved = mine
        .filter((h) => h.status === 'PENDING' || h.status === 'ALLOCATED')
        .reduce((s, h) => s + (h.reservedQuantity as number), 0);
      const committed = mine.reduce((s, h) => s + (h.committedQuantity as number), 0);
      const row = (
        (await ok('GET', `/stock/variant/${v}/breakdown`)) as {
          warehouseId: string;
          onHand: number;
          reserved: number;
        }[]
      ).find((w) => w.warehouseId === warehouseId)!;
      if (row.reserved !== reserved || row.onHand !== STOCK - committed) mismatches++;
    }
    const verdict = mismatches === 0 ? 'holds' : `${mismatches} variants differ`;
    say(`invariant over ${VARIANTS} variants and ${holds.length} holds: ${verdict}`);
    say(`load average at the end: ${load()}`);
  } finally {
    say(machine.end());
    await stack.destroy();
  }
}

runScript(main);
