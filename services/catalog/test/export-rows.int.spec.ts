import { EXPORT_SOURCES } from '@stockyard/contracts';
import { exportRowsOf } from '@stockyard/testkit';
import { startChannels, type Channels } from './support/channels';

const ORG = 'org_catalog_export';
const OTHER = 'org_catalog_export_other';

type Row = Record<string, unknown> & { id: string; sku: string | null };
type Resource = 'products' | 'variants';

describe('POST /internal/v1/export-rows/catalog (products, variants)', () => {
  let h: Channels;
  const ids: Record<string, string> = {};
  const { page: rowsPage, readAll: readPages } = exportRowsOf(() => h, 'catalog');
  /** Every page from the first, as the exports' worker reads them; none longer than asked. */
  const readAll = async (resource: Resource, filters: Record<string, unknown> = {}, limit = 2) => {
    const read = await readPages<Row>(resource, filters, limit);
    for (const size of read.sizes) expect(size).toBeLessThanOrEqual(limit);
    return read;
  };
  const skusOf = (rows: Row[]) => rows.map((r) => r.sku);
  /** The list's rows for the same filters, oldest first (GET /products) or in its order (GET /variants). */
  const listed = async (resource: Resource, query: string) => {
    const order = resource === 'products' ? '&sortBy=createdAt&sortOrder=asc' : '';
    const res = await h.request('GET', `/${resource}?limit=100${order}${query}`);
    if (res.status !== 200) throw new Error(`list: ${res.status} ${await res.text()}`);
    return res.body.data as Row[];
  };

  beforeAll(async () => {
    h = await startChannels(ORG);
    const product = async (body: Record<string, unknown>) => ((await h.product(body)) as { id: string }).id;
    ids.hammer = await product({ name: 'Hammer', sku: 'HAM-1', price: 20, cost: 15 });
    await h.request('POST', `/products/${ids.hammer}/variants`, { sku: 'HAM-1-L', position: 2 });
    await h.request('POST', `/products/${ids.hammer}/variants`, { sku: 'HAM-1-S', position: 1 });
    ids.saw = await product({ name: 'Saw', sku: 'SAW-1', price: 30, cost: 10 });
    ids.drill = await product({ name: 'Drill', sku: 'DRL-1', price: 100 });
    ids.hammerDrill = await product({ name: 'Hammer drill', sku: 'HDR-1', price: 90, cost: 50 });
    ids.kit = await product({ type: 'BUNDLE', name: 'Tool kit', sku: 'KIT-1', price: 10, cost: 12 });
    ids.archived = await product({ name: 'Old hammer', sku: 'HAM-0' });
    await h.request('POST', `/products/${ids.archived}/archive`);
    ids.trashed = await product({ name: 'Gone hammer', sku: 'HAM-9' });
    await h.request('DELETE', `/products/${ids.trashed}`);
    const channel = (await h.channel()) as { id: string };
    ids.channel = channel.id;
    const listings = [ids.hammer, ids.drill].map((productId, i) => ({ productId, externalProductId: `X-${i}` }));
    await h.request('POST', `/channels/${channel.id}/listings`, { listings });
    const theirs = await h.request('POST', '/products', { name: 'Hammer', sku: 'THEIR-1' }, { orgId: OTHER });
    ids.other = theirs.body.id;
  });
  afterAll(() => h.close());

  it('reads live products oldest first, page after page, each once, as the list answers them', async () => {
    const { rows, pages } = await readAll('products');
    expect(pages).toBe(3);
    expect(rows.map((r) => r.id)).toEqual([ids.hammer, ids.saw, ids.drill, ids.hammerDrill, ids.kit]);
    expect(rows).toEqual(await listed('products', ''));
  });

  it('reads the variants in the list’s order (products by creation, then position), each once', async () => {
    const { rows, pages } = await readAll('variants');
    expect(pages).toBe(4);
    expect(skusOf(rows)).toEqual(['HAM-1', 'HAM-1-S', 'HAM-1-L', 'SAW-1', 'DRL-1', 'HDR-1', 'KIT-1', 'HAM-0']);
    expect(rows).toEqual(await listed('variants', ''));
  });

  it('leaves out another organization’s products and the trash', async () => {
    expect(ids.other).toMatch(/^prd_/);
    for (const resource of ['products', 'variants'] as const) {
      const { rows } = await readAll(resource, {}, 1000);
      expect(JSON.stringify(rows)).not.toMatch(/THEIR-1|HAM-9/);
      expect(rows.map((r) => r.id)).not.toContain(ids.other);
    }
  });

  it('answers each row in the resource’s record', async () => {
    for (const resource of ['products', 'variants'] as const) {
      const { rows } = await readAll(resource, {}, 1000);
      const record = EXPORT_SOURCES[resource].record.strict();
      for (const row of rows) expect(record.parse(row)).toEqual(row);
    }
  });

  it.each([
    ['a search (its index first)', { search: 'hammer' }, ['hammer', 'hammerDrill']],
    ['a channel’s listings', { channelId: 'channel' }, ['hammer', 'drill']],
    ['archived', { archived: 'true' }, ['archived']],
    ['type and margin', { type: 'BUNDLE', marginBelow: 30 }, ['kit']],
  ])('filters products as the list does: %s', async (_, filters: Record<string, unknown>, expected) => {
    const given = filters.channelId ? { channelId: ids.channel } : filters;
    const { rows } = await readAll('products', given);
    expect(rows.map((r) => r.id)).toEqual(expected.map((k) => ids[k]));
    const query = new URLSearchParams(Object.entries(given).map(([k, v]): [string, string] => [k, String(v)]));
    expect(rows).toEqual(await listed('products', `&${query.toString()}`));
  });

  it('filters variants as the list does: one product’s, a SKU, a search', async () => {
    const ofHammer = await readAll('variants', { productId: ids.hammer });
    expect(skusOf(ofHammer.rows)).toEqual(['HAM-1', 'HAM-1-S', 'HAM-1-L']);
    expect(skusOf((await readAll('variants', { sku: 'saw-1' })).rows)).toEqual(['SAW-1']);
    const searched = await readAll('variants', { search: 'ham' });
    expect(skusOf(searched.rows)).toEqual(['HAM-1', 'HAM-1-S', 'HAM-1-L', 'HDR-1', 'HAM-0']);
    expect(searched.rows).toEqual(await listed('variants', '&search=ham'));
    expect(skusOf((await readAll('variants', { search: 'ham', productId: ids.saw })).rows)).toEqual([]);
  });

  it('refuses a filter the list does not take with 400 validation_failed', async () => {
    for (const [resource, filters] of [
      ['products', { type: 'GADGET' }],
      ['products', { sortBy: 'name' }],
      ['variants', { startingAfter: 'abc' }],
    ] as const) {
      const res = await rowsPage({ resource, filters, limit: 10 });
      expect([resource, res.status, res.body.error.code]).toEqual([resource, 400, 'validation_failed']);
    }
  });

  it('refuses a cursor it did not give with 400 naming `after`, on every path', async () => {
    for (const [resource, filters] of [
      ['products', {}],
      ['variants', {}],
      ['variants', { search: 'ham' }],
      ['variants', { sku: 'SAW-1' }],
    ] as const) {
      const res = await rowsPage({ resource, filters, after: 'bm90LWEtY3Vyc29y', limit: 10 });
      expect([res.status, res.body.error?.details]).toEqual([400, [expect.objectContaining({ field: 'after' })]]);
    }
  });

  it('answers 404 for a resource another service keeps', async () => {
    const res = await rowsPage({ resource: 'orders', limit: 10 });
    expect(res.status).toBe(404);
  });
});
