import { startCatalog, type Catalog } from './support/catalog';

describe('GET /products', () => {
  let c: Catalog;
  let brand: string;
  let category: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    c = await startCatalog('org_list');
    brand = (await c.brand('Acme')).id;
    category = (await c.category({ name: 'Tools' })).id;
    ids.hammer = (await c.product({ name: 'Hammer', sku: 'HAM-1', price: 20, cost: 15, brandId: brand })).id;
    ids.saw = (
      await c.product({ name: 'Saw', sku: 'SAW-1', price: 30, cost: 10, categoryId: category, upc: '0001112223334' })
    ).id;
    ids.drill = (await c.product({ name: 'Drill', sku: 'DRL-1', price: 100 })).id;
    ids.kit = (await c.product({ type: 'BUNDLE', name: 'Tool kit', sku: 'KIT-1', price: 10, cost: 12 })).id;
    ids.old = (await c.product({ name: 'Old hammer', sku: 'HAM-0' })).id;
    await c.request('POST', `/products/${ids.old}/archive`);
    const gone = await c.product({ name: 'Gone hammer', sku: 'HAM-9' });
    await c.request('DELETE', `/products/${gone.id}`);
  });
  afterAll(() => c.close());

  const list = async (query: string) => {
    const res = await c.request('GET', `/products?${query}`);
    expect(res.status).toBe(200);
    return res.body as { data: { id: string }[]; total: number; limit: number; offset: number };
  };
  const idsOf = async (query: string) => (await list(query)).data.map((p) => p.id);

  it('lists live, unarchived products newest first, paged, never trashed ones', async () => {
    const page = await list('limit=2');
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 0 });
    expect(page.data.map((p) => p.id)).toEqual([ids.kit, ids.drill]);
    expect(await idsOf('limit=2&offset=2')).toEqual([ids.saw, ids.hammer]);
  });

  it('shows archived products only when asked', async () => {
    expect(await idsOf('archived=true')).toEqual([ids.old]);
  });

  it('searches names, product and variant SKUs (prefix) and barcodes', async () => {
    expect((await idsOf('search=hammer')).sort()).toEqual([ids.hammer]);
    expect(await idsOf('search=ham')).toEqual([ids.hammer]);
    expect(await idsOf('search=saw-1')).toEqual([ids.saw]);
    expect(await idsOf('search=0001112223334')).toEqual([ids.saw]);
  });

  it('filters by brand, category and type', async () => {
    expect(await idsOf(`brandId=${brand}`)).toEqual([ids.hammer]);
    expect(await idsOf(`categoryId=${category}`)).toEqual([ids.saw]);
    expect(await idsOf('type=BUNDLE')).toEqual([ids.kit]);
  });

  it('filters by margin below a percent, and by unknown margin', async () => {
    expect((await idsOf('marginBelow=30')).sort()).toEqual([ids.hammer, ids.kit].sort());
    expect(await idsOf('marginUnknown=true')).toEqual([ids.drill]);
    expect((await idsOf('marginBelow=0&marginUnknown=true')).sort()).toEqual([ids.drill, ids.kit].sort());
  });

  it('filters by matched and enriched', async () => {
    expect((await list('matched=true')).total).toBe(0);
    expect(await idsOf('enriched=true')).toEqual([ids.saw]);
  });

  it('answers no product for a channel nothing is listed on (until the channels side wires listings)', async () => {
    expect((await list('channelId=ch_unknown')).total).toBe(0);
  });

  it('sorts by name, sku, price and margin, either way', async () => {
    expect(await idsOf('sortBy=name&sortOrder=asc')).toEqual([ids.drill, ids.hammer, ids.saw, ids.kit]);
    expect(await idsOf('sortBy=sku&sortOrder=desc')).toEqual([ids.saw, ids.kit, ids.hammer, ids.drill]);
    expect(await idsOf('sortBy=price&sortOrder=desc')).toEqual([ids.drill, ids.saw, ids.hammer, ids.kit]);
    expect((await idsOf('sortBy=margin&sortOrder=desc')).slice(0, 3)).toEqual([ids.saw, ids.hammer, ids.kit]);
  });

  it('refuses an unknown sortBy or a limit above 200 (400 validation_failed)', async () => {
    for (const q of ['sortBy=colour', 'limit=201', 'type=GADGET']) {
      const res = await c.request('GET', `/products?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it("never shows another organization's products", async () => {
    const res = await c.request('GET', '/products', undefined, { orgId: 'org_list_other' });
    expect(res.body.total).toBe(0);
  });
});
