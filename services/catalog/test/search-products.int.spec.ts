import { startCatalog, type Catalog } from './support/catalog';

/**
 * `search` on GET /products and GET /variants: a word start of a name, or a SKU or barcode
 * prefix, found through the search index (product_search_terms) as soon as the write answers.
 */
describe('search', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_search');
  });
  afterAll(() => c.close());

  const idsOf = async (query: string) => {
    const res = await c.request('GET', `/products?${query}`);
    expect(res.status).toBe(200);
    return (res.body.data as { id: string }[]).map((p) => p.id).sort();
  };
  const termsOf = async (productId: string) =>
    (await c.connection.collection('product_search_terms').find({ ref: productId }).toArray()).map((r) => r.term);

  it('finds a name by the start of any of its words, not by the middle of one', async () => {
    const shirt = (await c.product({ name: 'Blue Shirt-XL', sku: 'SRCH-SHIRT' })).id;
    expect(await idsOf('search=shirt')).toEqual([shirt]);
    expect(await idsOf('search=BLUE%20sh')).toEqual([shirt]);
    expect(await idsOf('search=xl')).toEqual([shirt]);
    expect(await idsOf('search=hirt')).toEqual([]);
    expect(await idsOf('search=lue')).toEqual([]);
  });

  it('finds product and variant SKUs and barcodes by prefix, any case', async () => {
    const mug = await c.product({ name: 'Mug', sku: 'MUG-RED-1', upc: '0123456789012' });
    const variant = await c.request('POST', `/products/${mug.id}/variants`, {
      sku: 'MUG-BLU-1',
      name: 'Midnight',
      barcodes: ['9990001112223'],
    });
    expect(variant.status).toBe(201);
    expect(await idsOf('search=mug-red')).toEqual([mug.id]);
    expect(await idsOf('search=MUG-BLU-1')).toEqual([mug.id]);
    expect(await idsOf('search=012345')).toEqual([mug.id]);
    expect(await idsOf('search=999000')).toEqual([mug.id]);
    const variants = await c.request('GET', '/variants?search=midn');
    expect((variants.body.data as { sku: string }[]).map((v) => v.sku)).toEqual(['MUG-BLU-1']);
    const bySku = await c.request('GET', '/variants?sku=mug-blu-1');
    expect((bySku.body.data as { sku: string }[]).map((v) => v.sku)).toEqual(['MUG-BLU-1']);
  });

  it('follows renames, SKU changes, trash and restore at once', async () => {
    const p = (await c.product({ name: 'Anvil', sku: 'SRCH-ANV' })).id;
    expect((await c.request('PUT', `/products/${p}`, { name: 'Tongs', sku: 'SRCH-TNG' })).status).toBe(200);
    expect(await idsOf('search=anvil')).toEqual([]);
    expect(await idsOf('search=srch-anv')).toEqual([]);
    expect(await idsOf('search=tongs')).toEqual([p]);
    expect(await idsOf('search=srch-tng')).toEqual([p]);
    expect((await c.request('DELETE', `/products/${p}`)).status).toBe(204);
    expect(await termsOf(p)).toEqual([]);
    expect(await idsOf('search=tongs')).toEqual([]);
    expect((await c.request('POST', `/products/${p}/restore`)).status).toBe(201);
    expect(await idsOf('search=tongs')).toEqual([p]);
  });

  it('combines with the other filters and counts what it found', async () => {
    const a = (await c.product({ name: 'Chisel wide', sku: 'SRCH-CH1', price: 10, cost: 9 })).id;
    const b = (await c.product({ name: 'Chisel narrow', sku: 'SRCH-CH2', price: 10, cost: 1 })).id;
    expect(await idsOf('search=chisel')).toEqual([a, b].sort());
    expect(await idsOf('search=chisel&marginBelow=50')).toEqual([a]);
    const res = await c.request('GET', '/products?search=chisel&limit=1');
    expect(res.body).toMatchObject({ total: 2, limit: 1 });
    expect(await idsOf('search=---')).toEqual([]);
  });

  it('keeps the index rows of a product to its terms, one per term', async () => {
    const p = (await c.product({ name: 'Claw hammer', sku: 'SRCH-CLAW', gtin: '4006381333931' })).id;
    expect((await termsOf(p)).sort()).toEqual(['4006381333931', 'claw hammer', 'hammer', 'srch-claw']);
  });
});
