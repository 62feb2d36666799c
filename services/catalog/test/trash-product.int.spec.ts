import { eventOf, startCatalog, type Catalog } from './support/catalog';

describe('DELETE /products/{id}, restore, trash, archive', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_trash');
  });
  afterAll(() => c.close());

  it('trashes softly (204): listed only in the trash; product.updated deleted: true; variant.deleted', async () => {
    const p = await c.product({ name: 'Bin me', sku: 'BIN-1' });
    expect((await c.request('DELETE', `/products/${p.id}`)).status).toBe(204);
    const list = await c.request('GET', '/products?search=BIN-1');
    expect(list.body.total).toBe(0);
    const trash = await c.request('GET', '/products/trash');
    expect(trash.body.data.map((x: { id: string }) => x.id)).toContain(p.id);
    const updated = await eventOf(c, 'product.updated', { productId: p.id, deleted: true });
    expect(updated.payload.changes).toContain('deletedAt');
    await eventOf(c, 'variant.deleted', { variantId: p.variants[0].id });
  });

  it('restores (201) with product.updated deleted: false and variant.upserted again', async () => {
    const p = await c.product({ name: 'Come back', sku: 'BACK-1' });
    await c.request('DELETE', `/products/${p.id}`);
    const res = await c.request('POST', `/products/${p.id}/restore`);
    expect(res.status).toBe(201);
    expect(res.body.deletedAt).toBeNull();
    await eventOf(c, 'product.updated', { productId: p.id, deleted: false });
    const upserts = c.events.filter((e) => e.name === 'variant.upserted' && e.payload.variantId === p.variants[0].id);
    expect(upserts.length).toBeGreaterThanOrEqual(1);
  });

  it('frees a trashed SKU, and refuses the restore while another product holds it (409 sku_taken)', async () => {
    const p = await c.product({ name: 'Old', sku: 'SHARED-1' });
    await c.request('DELETE', `/products/${p.id}`);
    await c.product({ name: 'New', sku: 'SHARED-1' });
    const res = await c.request('POST', `/products/${p.id}/restore`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('sku_taken');
  });

  it('refuses to restore a product that is not in the trash (409 product_not_trashed)', async () => {
    const p = await c.product({});
    const res = await c.request('POST', `/products/${p.id}/restore`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('product_not_trashed');
  });

  it('archives and unarchives (201, product.updated archived), archived hidden unless asked', async () => {
    const p = await c.product({ name: 'Seasonal', sku: 'SEASON-1' });
    const archived = await c.request('POST', `/products/${p.id}/archive`);
    expect(archived.status).toBe(201);
    expect(archived.body.archived).toBe(true);
    await eventOf(c, 'product.updated', { productId: p.id, archived: true });
    expect((await c.request('GET', '/products?search=SEASON-1')).body.total).toBe(0);
    expect((await c.request('GET', '/products?search=SEASON-1&archived=true')).body.total).toBe(1);
    const back = await c.request('POST', `/products/${p.id}/unarchive`);
    expect(back.body.archived).toBe(false);
    await eventOf(c, 'product.updated', { productId: p.id, archived: false });
  });
});
