/**
 * `npm run bench:gateway`: the same authenticated GET sent through the gateway and sent
 * directly to the service with the signed identity the gateway would add, for two GETs:
 * GET /api/v1/webhooks/events (the webhooks service answers from memory, so the figures
 * isolate the gateway's own cost) and GET /api/v1/warehouses (inventory, one database
 * round trip: what a partner sees), with autocannon at fixed connections and
 * duration, in one run (one connection at a time for latency, then 10 for throughput).
 * Prints requests/s, p50 and p99 of both and the ratios; any answer not 2xx fails the run
 * (exit 1, with the count of each status). A script that prints figures, not a test; everything
 * on 127.0.0.1, bounded in time. The measuring is in support/gateway-bench.ts.
 */
import { runScript } from './machine';
import { benchGateway } from './support/gateway-bench';
import { failOnRefusals } from './support/refusals';

const options = {
  connectionCounts: (process.env.BENCH_CONNECTIONS ?? '1,10,32').split(',').map(Number),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
};

runScript(async () => failOnRefusals('bench:gateway', (await benchGateway(options)).refusals));
