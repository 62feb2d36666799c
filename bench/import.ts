/**
 * `npm run bench:import`: one supplier feed of BENCH_ROWS rows (100,000 by default) uploaded as
 * CSV through the gateway to a source whose SKUs exist: half the rows are offers linked (as
 * preferred) to variants and change their cost, a quarter are unchanged unlinked SKUs, a quarter
 * new ones. Prints rows/s, the catalog process's memory (RSS) before and at its peak, and the
 * time from the request to `import.completed` arriving at a webhook receiver; then where the
 * import's time went (the job's own timings). The products, variants and SKUs are seeded
 * straight into the catalog's database (as bench:inventory seeds movements): the figure is the
 * import, not the set-up. A status poll answered other than 2xx, or a job that did not complete,
 * fails the run. Everything runs on 127.0.0.1; a script that prints figures, not a test. The
 * measuring is in support/import-bench.ts.
 */
import { runScript } from './machine';
import { benchImport } from './support/import-bench';
import { failOnRefusals } from './support/refusals';

const options = {
  rows: Number(process.env.BENCH_ROWS ?? 100_000),
  timeoutSeconds: Number(process.env.BENCH_TIMEOUT_S ?? 1800),
};

runScript(async () => {
  const figures = await benchImport(options);
  failOnRefusals('bench:import', figures.refusals);
  if (figures.status !== 'COMPLETED') throw new Error(`bench:import: the job ended ${figures.status}`);
});
