/**
 * `npm run bench:exports`: an export of many stock movements (issue #41), through the gateway, as a
 * partner starts one: rows per second, the CPU each process spends per 1,000 rows, and the webhooks
 * process's resident memory while the file streams to S3 (its peak beside its size at the start:
 * the file is sent in parts as it is read, so memory should not grow with it). Movements are seeded
 * straight into inventory's collection (bypassing the API, for speed). A script that prints figures.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureInfra, ferretDbPid, infraVariables, REPO_ROOT, startStack } from '@stockyard/testkit';
import { EXPORT_ROWS_MAX } from '@stockyard/contracts';
import { exportPage } from '../packages/service-kit/src/store/export-page';
import { cpuMeter, runScript, watchMachine } from './machine';
import { load, say, sleep } from './support/figures';

const mongoose = createRequire(path.join(REPO_ROOT, 'services/inventory/package.json'))(
  'mongoose',
) as typeof import('mongoose');

/** Stock movements exported: issue #41 asks a million in under 60 s, the exporting process under 200 MB. */
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const RATE_LIMIT = '100000000';
/** Rows a page of the exports' worker asks its owner for (webhooks' EXPORT_PAGE_ROWS default). */
const PAGE_ROWS = EXPORT_ROWS_MAX;

/** Resident memory of a process now, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024;
}

function movementDocs(orgId: string, from: number, count: number) {
  const types = ['ADJUSTMENT', 'SALE', 'RECEIPT', 'COUNT'];
  const start = Date.now() - ROWS * 1000;
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return {
      _id: `mov_seed_${String(i).padStart(8, '0')}`,
      orgId,
      type: types[i % types.length],
      variantId: `var_seed_${i % 1000}`,
      warehouseId: 'wh_seed',
      binId: null,
      quantity: i % 2 ? 1 : -1,
      reason: 'seeded for the benchmark, with a comma, and "quotes"',
      onHandAfter: i,
      reference: null,
      createdAt: new Date(start + i * 1000),
    };
  });
}

/** Each process's CPU ms per 1,000 rows: `inventory 13, ferretdb 25`. */
const perThousandRows = (used: Record<string, number>, rows: number) =>
  Object.entries(used)
    .map(([name, msUsed]) => `${name} ${((msUsed / rows) * 1000).toFixed(0)}`)
    .join(', ');

/**
 * The store's floor for the export: the same rows read straight from the collection, page after page
 * of EXPORT_PAGE_ROWS by the kit's own export page (the query inventory runs), with nothing else
 * done with them. No export can read its rows faster than this here.
 */
async function storeFloor(collection: import('mongoose').mongo.Collection, orgId: string, ferretdb?: number) {
  const meter = cpuMeter({ ferretdb, 'this script': process.pid }).start();
  const started = performance.now();
  let rows = 0;
  let after: string | null = null;
  do {
    const page: { rows: unknown[]; next: string | null } = await exportPage(
      collection,
      { orgId },
      after,
      PAGE_ROWS,
      (d) => d,
    );
    rows += page.rows.length;
    after = page.next;
  } while (after !== null);
  const seconds = (performance.now() - started) / 1000;
  const perThousand = perThousandRows(meter.stop(), rows);
  say(
    `store floor: ${rows} movements read straight, ${PAGE_ROWS} a page as inventory reads them: ` +
      `${(rows / seconds).toFixed(0)} rows/s (${seconds.toFixed(1)} s); CPU ms per 1,000 rows: ${perThousand}`,
  );
}

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_exports' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(`load average at start (1, 5, 15 min): ${load()} on 2 cores`);
  const stack = await startStack(['inventory', 'webhooks'], { gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT } });
  const machine = watchMachine();
  try {
    const { orgId, adminKey } = stack.bootstrapOrg('Bench Exports Org');
    const api = async (method: string, route: string, body?: unknown) => {
      const res = await fetch(`${stack.gatewayUrl}/api/v1${route}`, {
        method,
        headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    const db = await mongoose.createConnection(infra.mongoUrl, { dbName: stack.databases.inventory! }).asPromise();
    const seeded = Date.now();
    for (let i = 0; i < ROWS; i += 5_000)
      await db.collection('stock_movements').insertMany(movementDocs(orgId, i, Math.min(5_000, ROWS - i)) as never[]);
    say(`seeded ${ROWS} movements in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    await storeFloor(db.collection('stock_movements'), orgId, infra.mode === 'local' ? ferretDbPid() : undefined);
    await db.close();

    const webhooks = stack.services.webhooks!.pid!;
    const meter = cpuMeter({
      gateway: stack.services.gateway!.pid,
      inventory: stack.services.inventory!.pid,
      webhooks,
      ferretdb: infra.mode === 'local' ? ferretDbPid() : undefined,
    });
    for (const format of ['csv', 'ndjson'] as const) {
      const rssAtStart = rssMb(webhooks);
      let rssPeak = rssAtStart;
      const cpu = meter.start();
      const started = performance.now();
      const job = await api('POST', '/exports', { resource: 'stock_movements', format });
      let done: Record<string, unknown>;
      for (;;) {
        rssPeak = Math.max(rssPeak, rssMb(webhooks));
        done = await api('GET', `/exports/${String(job.id)}`);
        if (['completed', 'failed', 'cancelled'].includes(String(done.status))) break;
        await sleep(200);
      }
      const seconds = (performance.now() - started) / 1000;
      const used = cpu.stop();
      if (done.status !== 'completed')
        throw new Error(`the export ended ${String(done.status)}: ${JSON.stringify(done)}`);
      const rows = Number(done.rowsWritten);
      const perThousand = perThousandRows(used, rows);
      const megabytes = (Number(done.bytesWritten) / 1024 / 1024).toFixed(1);
      say(
        `export of ${rows} stock movements, ${format}: ${(rows / seconds).toFixed(0)} rows/s ` +
          `(${seconds.toFixed(1)} s, ${megabytes} MB)`,
      );
      say(`  CPU ms per 1,000 rows: ${perThousand}`);
      say(`  webhooks resident memory: ${rssAtStart.toFixed(0)} MB at the start, peak ${rssPeak.toFixed(0)} MB`);
    }
  } finally {
    say(`load average at the end: ${load()}`);
    say(machine.end());
    await stack.destroy();
  }
}

runScript(main);
