/**
 * `npm run bench:orders`: (a) order imports (`POST /orders`, an API channel's orders of 10 lines
 * linked by SKU) per second through the gateway with 20 connections; (b) `GET /orders` p50/p99
 * with 50,000 orders in one organization: unfiltered, by channel, by status, by both. Any answer not
 * 2xx fails the run (exit 1, with the count and the first of them). Its own isolated stack on this
 * machine's servers; a script that prints figures, not a test. The measuring is in support/orders-bench.ts.
 */
import { runScript } from './machine';
import { benchOrders } from './support/orders-bench';
import { failOnRefusals } from './support/refusals';

const options = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  listOrders: Number(process.env.BENCH_LIST_ORDERS ?? 50_000),
  reads: Number(process.env.BENCH_READS ?? 200),
};

runScript(async () => failOnRefusals('bench:orders', (await benchOrders(options)).refusals));
