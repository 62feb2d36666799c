/**
 * `npm run bench:variant-writes`: what one variant write costs as its product grows. Products
 * with 1, 100 and 300 variants; p50/p99 of `PATCH /variants/{id}` (a price change, one at a
 * time), then eight writers patching different variants of the 300-variant product at once.
 * The catalog runs in this process through the testkit's harness (its own database, exchange
 * and queues on this machine's servers), called straight with a signed identity: no gateway,
 * no rate limit. BENCH_WRITES (default 40 per size), BENCH_CONCURRENT_WRITES (default 10 per
 * writer), BENCH_PROFILE=1 prints where the service's time went (the writer's steps).
 */
import { ensureInfra, infraVariables, startService } from '@stockyard/testkit';
import { catalog } from '../services/catalog/src/app';
import { runScript, watchMachine } from './machine';
import { ms, pct, say } from './support/figures';

const SIZES = [1, 100, 300];
const WRITES = Number(process.env.BENCH_WRITES ?? 40);
const WRITERS = 8;
const CONCURRENT_WRITES = Number(process.env.BENCH_CONCURRENT_WRITES ?? 10);
const PERMISSIONS = ['products.read', 'products.write', 'variants.read', 'variants.write'];

const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${ms(pct(sorted, 50))}, p99 ${ms(pct(sorted, 99))}, max ${ms(sorted[sorted.length - 1]!)}`;
};

let stopping: (() => Promise<void>) | undefined;
process.once('SIGINT', () => void (stopping?.() ?? Promise.resolve()).finally(() => process.exit(130)));

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_variant_writes' });
  say(`servers: ${infra.mode}; the catalog in this process, called straight (no gateway)`);
  const h = await startService(catalog, { orgId: 'org_bench_variants', permissions: PERMISSIONS, tap: [] });
  stopping = () => h.close();
  const machine = watchMachine();
  const ok = async (method: string, path: string, body: unknown, status: number) => {
    const res = await h.request(method, path, body);
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.body;
  };
  const patch = async (variantId: string, price: number) => {
    const started = performance.now();
    await ok('PATCH', `/variants/${variantId}`, { price }, 200);
    return performance.now() - started;
  };
  try {
    const products = new Map<number, string[]>();
    for (const size of SIZES) {
      const started = performance.now();
      const product = await ok('POST', '/products', { name: `Bench ${size}`, price: 10, cost: 4 }, 201);
      const variantIds: string[] = [product.variants[0].id];
      for (let i = 1; i < size; i++) {
        const options = { size: `S${i}`, colour: `C${i % 7}` };
        variantIds.push((await ok('POST', `/products/${product.id}/variants`, { options, price: 10 }, 201)).id);
      }
      products.set(size, variantIds);
      say(`made a product with ${size} variant(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }

    for (const size of SIZES) {
      const variantIds = products.get(size)!;
      for (let i = 0; i < 3; i++) await patch(variantIds[i % variantIds.length]!, 11 + i); // warm-up
      const latencies: number[] = [];
      for (let i = 0; i < WRITES; i++) latencies.push(await patch(variantIds[i % variantIds.length]!, 20 + (i % 50)));
      say(`PATCH /variants/{id}, ${size} variant(s), one at a time, ${WRITES} writes: ${summary(latencies)}`);
    }

    const variantIds = products.get(300)!;
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; i < CONCURRENT_WRITES; i++) latencies.push(await patch(variantIds[w * 30 + i]!, 30 + i));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    say(
      `PATCH /variants/{id}, 300 variants, ${WRITERS} writers at once (different variants, ` +
        `${CONCURRENT_WRITES} each): ${summary(latencies)}; ${(latencies.length / seconds).toFixed(1)} writes/s`,
    );
  } finally {
    say(machine.end());
    await h.close();
  }
}

runScript(main);
