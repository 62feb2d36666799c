/**
 * `npm run bench:reports`: issue #42's scale benchmark. Inventory's stock reports each answer in under
 * 2 s at 100,000 variants × 3 warehouses and 5,000,000 movements, the goal says. One organization is
 * seeded straight into inventory's stores as the service would have written it (each variant's year
 * of receipts at cost, sales on three channels, adjusts and transfers, decided by inventory's own
 * domain functions: the levels, the ledger's movements, one valuation entry per movement), and a
 * modest purchasing for purchase spend; then each report query is read BENCH_READS times through the
 * gateway on one connection, and p50/p99 are printed beside the goal, with the valuation entries the
 * query's filter matches. Any answer not 2xx fails the run (exit 1, with the count and the first of
 * them). Its own isolated stack, on a FerretDB of its own (BENCH_FERRETDB=shared: the checkout's).
 *
 * BENCH_VARIANTS (default 100,000), BENCH_WAREHOUSES (3), BENCH_MOVEMENTS (5,000,000), BENCH_READS
 * (20 per query), BENCH_PURCHASE_ORDERS (2,000 received orders of 5 lines). The measuring is in
 * support/reports-bench.ts.
 */
import { runScript } from './machine';
import { benchReports } from './support/reports-bench';
import { failOnRefusals } from './support/refusals';

const options = {
  variants: Number(process.env.BENCH_VARIANTS ?? 100_000),
  warehouses: Number(process.env.BENCH_WAREHOUSES ?? 3),
  movements: Number(process.env.BENCH_MOVEMENTS ?? 5_000_000),
  reads: Number(process.env.BENCH_READS ?? 20),
  purchaseOrders: Number(process.env.BENCH_PURCHASE_ORDERS ?? 2_000),
};

runScript(async () => failOnRefusals('bench:reports', (await benchReports(options)).refusals));
