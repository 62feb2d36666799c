/** What every benchmark script prints its figures with. */
import os from 'node:os';

export const say = (line: string) => process.stdout.write(`${line}\n`);

/** The `p`th percentile of sorted latencies (NaN when there are none). */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export const ms = (n: number) => `${n.toFixed(1)} ms`;

export const sleep = (n: number) => new Promise((resolve) => setTimeout(resolve, n));

/** The load averages over 1, 5 and 15 minutes. */
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Runs `work` over `items` with `limit` in flight; the results in the items' order. */
export async function pool<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

/** Times each read 21 times straight on the database and prints the p50 of the last 20. */
export async function straightReads(reads: readonly (readonly [string, () => Promise<unknown>])[]): Promise<void> {
  for (const [label, read] of reads) {
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t = performance.now();
      await read();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    say(`  straight on the database, ${label}: p50 ${ms(pct(times.slice(1), 50))} (20 reads after one)`);
  }
}
