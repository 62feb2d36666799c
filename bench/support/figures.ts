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
