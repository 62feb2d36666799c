import { eventOf, startCatalog, type Catalog } from './support/catalog';

describe('DELETE /products/bulk and POST /products/bulk-restore', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_bulk');
  });
  afterAll(() => c.close());

  it('trashes the named products (200), reporting unknown and already trashed ones', async () => {
    const [a, b, gone] = await Promise.all([c.product({}), c.product({}), c.product({})]);
    await c.request('DELETE', `/products/${gone.id}`);
    const res = await c.request('DELETE', '/products/bulk', { ids: [a.id, b.id, gone.id, 'prd_nope'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: false, count: 2, ids: [a.id, b.id] });
    expect(res.body.failed).toEqual([
      expect.objectContaining({ id: gone.id, code: 'product_trashed' }),
      expect.objectContaining({ id: 'prd_nope', code: 'resource_not_found' }),
    ]);
    await eventOf(c, 'product.updated', { productId: a.id, deleted: true });
  });

  it('trashes more products than one bulk write takes (50), releasing their SKUs, with product.updated', async () => {
    const products = [];
    for (let i = 0; i < 60; i++) products.push(await c.product({ sku: `BK-${i}` }));
    const ids = products.map((p) => p.id).reverse();
    const res = await c.request('DELETE', '/products/bulk', { ids });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: false, count: 60, ids, failed: [] });
    expect((await c.request('GET', `/products/${products[59].id}`)).body.deletedAt).not.toBeNull();
    for (const i of [0, 59])
      expect((await c.request('POST', '/products', { name: 'Again', sku: `BK-${i}` })).status).toBe(201);
    for (const p of [products[0], products[59]])
      await eventOf(c, 'product.updated', { productId: p.id, deleted: true });
  });

  it('with dryRun names what it would trash and trashes nothing', async () => {
    const p = await c.product({});
    const res = await c.request('DELETE', '/products/bulk', { ids: [p.id], dryRun: true });
    expect(res.body).toMatchObject({ dryRun: true, count: 1, ids: [p.id] });
    expect((await c.request('GET', `/products/${p.id}`)).body.deletedAt).toBeNull();
  });

  it('refuses all: true without confirm DELETE_ALL_PRODUCTS (422 confirmation_required)', async () => {
    for (const body of [{ all: true }, { all: true, confirm: 'yes' }, { all: true, confirm: 'delete_all_products' }]) {
      const res = await c.request('DELETE', '/products/bulk', body);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('confirmation_required');
    }
  });

  it('restores by ids, by deletion time range, and all, reporting a SKU taken meanwhile', async () => {
    const h = await startCatalog('org_bulk_restore');
    try {
      const [a, b, d] = await Promise.all([
        h.product({ sku: 'R-A' }),
        h.product({ sku: 'R-B' }),
        h.product({ sku: 'R-D' }),
      ]);
      await h.request('DELETE', `/products/${a.id}`);
      const after = new Date().toISOString();
      await h.request('DELETE', `/products/${b.id}`);
      const before = new Date().toISOString();
      await new Promise((r) => setTimeout(r, 20));
      await h.request('DELETE', `/products/${d.id}`);
      const ranged = await h.request('POST', '/products/bulk-restore', { after, before });
      expect(ranged.status).toBe(200);
      expect(ranged.body).toMatchObject({ count: 1, ids: [b.id], failed: [] });
      await h.product({ sku: 'R-A' }); // takes a's SKU while a is in the trash
      const all = await h.request('POST', '/products/bulk-restore', { all: true });
      expect(all.body.ids).toEqual([d.id]);
      expect(all.body.failed).toEqual([expect.objectContaining({ id: a.id, code: 'sku_taken' })]);
      const byId = await h.request('POST', '/products/bulk-restore', { ids: [d.id] });
      expect(byId.body.failed).toEqual([expect.objectContaining({ id: d.id, code: 'product_not_trashed' })]);
    } finally {
      await h.close();
    }
  });

  it('with all: true and the confirmation trashes every live product of the organization only', async () => {
    const h = await startCatalog('org_bulk_all');
    try {
      await Promise.all([h.product({}), h.product({})]);
      const res = await h.request('DELETE', '/products/bulk', { all: true, confirm: 'DELETE_ALL_PRODUCTS' });
      expect(res.body.count).toBe(2);
      expect((await h.request('GET', '/products')).body.total).toBe(0);
      expect((await c.request('GET', '/products')).body.total).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  });
});
