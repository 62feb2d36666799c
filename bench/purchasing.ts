/**
 * `npm run bench:purchasing`: (a) purchase-order line receipts per second through the gateway
 * with 20 connections, each receipt one request and one stock movement in inventory; (b)
 * `GET /purchase-orders` p50/p99 with 20,000 orders in one organization, first page and filtered
 * pages. Any answer not 2xx fails the run (exit 1, with the count and the first of them). Its own
 * isolated stack on this machine's servers; a script that prints figures, not a test. The measuring
 * is in support/purchasing-bench.ts.
 */
import { runScript } from './machine';
import { benchPurchasing } from './support/purchasing-bench';
import { failOnRefusals } from './support/refusals';

const options = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  ordersPerConnection: Number(process.env.BENCH_ORDERS ?? 3),
  lines: Number(process.env.BENCH_LINES ?? 100),
  listOrders: Number(process.env.BENCH_LIST_ORDERS ?? 20_000),
  reads: Number(process.env.BENCH_READS ?? 200),
};

runScript(async () => failOnRefusals('bench:purchasing', (await benchPurchasing(options)).refusals));
