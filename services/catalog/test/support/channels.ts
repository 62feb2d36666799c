import { asCaller, eventually, startService, type HarnessOptions } from '@stockyard/testkit';
import { catalog } from '../../src/app';

/** Every permission the catalog's routes need (channels side and products side). */
export const CHANNEL_SIDE_PERMISSIONS = [
  'channels.read',
  'channels.write',
  'sources.read',
  'sources.write',
  'products.read',
  'products.write',
  'variants.read',
  'variants.write',
];

/**
 * The catalog for the channels side's tests: fake feed servers listen on 127.0.0.1, which is
 * allow-listed here (as WEBHOOK_URL_ALLOWLIST is in the webhooks tests); imports are swept often.
 */
export async function startChannels(orgId: string, options: HarnessOptions = {}) {
  const h = await startService(catalog, {
    orgId,
    permissions: CHANNEL_SIDE_PERMISSIONS,
    tap: ['product.#', 'variant.cost_changed', 'import.#'],
    ...options,
    env: { FEED_URL_ALLOWLIST: '127.0.0.1', IMPORT_SWEEP_MS: '200', ...options.env },
  });
  const ok = async (method: string, path: string, body: unknown, status: number) => {
    const res = await h.request(method, path, body);
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.body;
  };
  return Object.assign(h, {
    /** POSTs a CSV body as the gateway would pass it (the harness's request sends JSON). */
    postCsv: async (path: string, csv: string, as: string | null = orgId, extra: Record<string, string> = {}) => {
      const identity: Record<string, string> = as ? asCaller(as, CHANNEL_SIDE_PERMISSIONS) : {};
      const res = await fetch(`${h.url}/api/v1${path}`, {
        method: 'POST',
        headers: { ...identity, 'content-type': 'text/csv', ...extra },
        body: csv,
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
    },
    source: (body: Record<string, unknown> = {}) => ok('POST', '/sources', { name: 'Acme Supply', ...body }, 201),
    channel: (body: Record<string, unknown> = {}) =>
      ok('POST', '/channels', { name: 'Shop', platform: 'API', ...body }, 201),
    product: (body: Record<string, unknown> = {}) => ok('POST', '/products', { name: 'Widget', ...body }, 201),
    skus: (sourceId: string, skus: unknown[]) => ok('POST', `/sources/${sourceId}/skus`, { skus }, 200),
    /** The import once it has ended (COMPLETED or FAILED). */
    finished: (jobId: string, timeoutMs = 30_000) =>
      eventually(async () => {
        const res = await h.request('GET', `/sources/imports/${jobId}`);
        return res.body?.status === 'COMPLETED' || res.body?.status === 'FAILED' ? res.body : undefined;
      }, timeoutMs),
    named: (name: string) => h.events.filter((e) => e.name === name),
  });
}
export type Channels = Awaited<ReturnType<typeof startChannels>>;

/** A supplier feed with the columns. */
export const csv = (rows: (string | number)[][], header = 'sku,name,cost,availableQuantity,upc') =>
  [header, ...rows.map((r) => r.join(','))].join('\n') + '\n';
