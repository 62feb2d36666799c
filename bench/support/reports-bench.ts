/**
 * bench:reports' measuring part (`bench/reports.ts` says what it measures): the stack, the organization
 * and its places through the API, the seeds straight into the stores, then every report query timed.
 */
import os from 'node:os';
import { gatewayCaller, startStack } from '@stockyard/testkit';
import { cpuMeter, watchMachine } from '../machine';
import { closableThrough } from '../../services/inventory/src/domain/valuation-day';
import { CLOSE_MARGIN_MS } from '../../services/inventory/src/store/valuation-days';
import { load, say, sleep } from './figures';
import { stopOnInterrupt } from './interrupt';
import { reportQueries } from './report-queries';
import { timeReports, type ReportFigures } from './report-reads';
import { seedPurchases } from './reports-purchases';
import { seedReports } from './reports-seed';
import { Refusals } from './refusals';
import { seeder } from './seeding';
import { benchServers, startOwnFerretDb } from './servers';
import { connect, type MongoClient } from './store';

type Db = ReturnType<MongoClient['db']>;

/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '100000000';
/** A report over millions of entries takes minutes: the gateway's 30 s wait for a service is lifted too. */
const UPSTREAM_TIMEOUT_MS = '3600000';
const CHANNELS = 3;

interface ReportsOptions {
  variants: number;
  warehouses: number;
  movements: number;
  reads: number;
  purchaseOrders: number;
}

interface ReportsBenchFigures {
  reports: ReportFigures[];
  refusals: Refusals;
}

async function run(options: ReportsOptions, ferretdbLine: string): Promise<ReportsBenchFigures> {
  const { infra, ferretdb } = await benchServers('bench_reports');
  say(`servers: ${infra.mode}; ${ferretdbLine}`);
  say(
    `gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} (default 300) and UPSTREAM_TIMEOUT_MS to ` +
      `${UPSTREAM_TIMEOUT_MS} (default 30000) for this benchmark`,
  );
  say(`load average at start (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
  const stack = await startStack(['catalog', 'inventory', 'purchasing', 'invoicing'], {
    gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT, UPSTREAM_TIMEOUT_MS },
  });
  stopOnInterrupt(stack);
  const client = await connect(infra.mongoUrl);
  const machine = watchMachine();
  try {
    const { orgId, adminKey } = stack.bootstrapOrg('Bench Reports');
    const api = gatewayCaller(stack.gatewayUrl, adminKey);
    const ok = seeder(api);
    const warehouses: string[] = [];
    for (let w = 0; w < options.warehouses; w++)
      warehouses.push((await ok('POST', '/warehouses', { name: `Bench ${w + 1}` })).id as string);
    const channels: string[] = [];
    for (let c = 0; c < CHANNELS; c++)
      channels.push((await ok('POST', '/channels', { name: `Bench shop ${c + 1}`, platform: 'API' })).id as string);
    say(`${options.warehouses} warehouses and ${CHANNELS} sales channels made through the API`);

    const purchasing = client.db(stack.databases.purchasing);
    const purchaseStart = performance.now();
    const orders = await seedPurchases(api, purchasing, { orgId, warehouseId: warehouses[0]! }, options.purchaseOrders);
    say(
      `purchasing: one order of 5 lines made and received through the API, cloned into ${options.purchaseOrders} ` +
        `received orders (receipts over the last 365 days, 20 suppliers, no invoices, no landed costs) straight ` +
        `into its collections in ${((performance.now() - purchaseStart) / 1000).toFixed(1)} s; it holds ${orders}`,
    );

    const inventory = client.db(stack.databases.inventory);
    say(
      `seeding inventory: ${options.variants} variants × ${options.warehouses} warehouses, ` +
        `${options.movements} movements over the last 365 days …`,
    );
    const seed = await seedReports(inventory, { orgId, ...options, warehouses, channels });
    const rows = Object.values(seed.stored).reduce((a, b) => a + b, 0);
    const each = Object.entries(seed.stored).map(([collection, n]) => `${collection} ${n}`);
    say(
      `seeded ${rows} rows straight into inventory's collections (${each.join(', ')}) in ` +
        `${seed.seconds.toFixed(1)} s: ${(rows / seed.seconds).toFixed(0)} rows/s; load ${load()}`,
    );

    const refusals = new Refusals();
    const meter = cpuMeter({
      gateway: stack.services.gateway!.pid,
      inventory: stack.services.inventory!.pid,
      invoicing: stack.services.invoicing!.pid,
      ferretdb,
    });
    const queries = reportQueries({
      orgId,
      warehouses,
      // The middle one of those with movements (with fewer movements than variants, the first ones have them).
      variantId: seed.variantIds[Math.floor(Math.min(options.variants, options.movements) / 2)]!,
      inventory,
      purchasing,
    });
    // The gateway's own port: the test kit's contract check in front of it (stack.gatewayUrl) is not timed.
    const url = `${stack.services.gateway!.url}/api/v1`;
    await closeDays(ok, inventory, orgId);
    const reports = await timeReports({ url, key: adminKey, reads: options.reads, meter, refusals }, queries);
    say(`load average at the end: ${load()}`);
    return { reports, refusals };
  } finally {
    say(machine.end());
    stopOnInterrupt(undefined);
    await client.close();
    await stack.destroy();
  }
}

/**
 * The first report after seeding closes the valuation ledger's days that ended (a year of them here,
 * read once); the reports then read the closed days' sums and the entries of today only. Timed apart.
 */
async function closeDays(ok: ReturnType<typeof seeder>, inventory: Db, orgId: string): Promise<void> {
  const started = performance.now();
  const due = closableThrough(new Date(), CLOSE_MARGIN_MS);
  await ok('GET', '/reports/stock-valuation?groupBy=warehouse').catch(
    async (err: Error & { cause?: { code?: string } }) => {
      // Millions of entries take longer to close than fetch waits for an answer (300 s); the service
      // goes on closing after the client gives up, so its close state is watched instead.
      if (err.cause?.code !== 'UND_ERR_HEADERS_TIMEOUT') throw err;
      const closes = inventory.collection<{ _id: string; through?: string }>('stock_valuation_closes');
      while (((await closes.findOne({ _id: orgId }))?.through ?? '') < due) await sleep(5_000);
    },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const days = await inventory.collection('stock_valuation_days').countDocuments({ orgId });
  say(
    `the first report closed ${days} days of the valuation ledger in ${seconds} s ` +
      `(each later report reads their sums and the entries since); load ${load()}`,
  );
}

/**
 * The benchmark on a FerretDB of its own (millions of rows never land in the checkout's, and its CPU
 * is read from its process), or the checkout's with BENCH_FERRETDB=shared.
 */
export async function benchReports(options: ReportsOptions): Promise<ReportsBenchFigures> {
  const own =
    process.env.BENCH_FERRETDB === 'shared' ? undefined : await startOwnFerretDb((l) => say(`  ${l}`), 'bench-reports');
  try {
    return await run(options, own ? `FerretDB: the run's own, on ${own.mongoUrl}` : "FerretDB: the checkout's");
  } finally {
    await own?.stop();
  }
}
