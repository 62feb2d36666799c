import { eventually } from '@stockyard/testkit';
import { startCatalog, type Catalog } from './support/catalog';

describe('/categories', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_categories');
  });
  afterAll(() => c.close());

  /** The category once its products are settled on template `templateVersion` (DONE). */
  const enriched = (id: string, templateVersion: number) =>
    eventually(async () => {
      const { body } = await c.request('GET', `/categories/${id}`);
      const done = body.enrichment.status === 'DONE' && body.enrichment.templateVersion === templateVersion;
      return done ? body : undefined;
    });

  it('creates a category tree with a template, reads and lists it', async () => {
    const root = await c.category({ name: 'Furniture' });
    const chairs = await c.category({
      name: 'Chairs',
      parentId: root.id,
      template: { coreFields: ['description', 'images'], customFields: ['material'] },
    });
    expect(chairs).toMatchObject({ id: expect.stringMatching(/^cat_/), parentId: root.id });
    expect((await c.request('GET', `/categories/${chairs.id}`)).body.template).toEqual({
      coreFields: ['description', 'images'],
      customFields: ['material'],
    });
    expect((await c.request('GET', '/categories')).body.total).toBe(2);
  });

  it('refuses a category under its own subcategory (422 category_cycle)', async () => {
    const a = await c.category({ name: 'A' });
    const b = await c.category({ name: 'B', parentId: a.id });
    const res = await c.request('PATCH', `/categories/${a.id}`, { parentId: b.id });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('category_cycle');
  });

  it('re-derives enriched on its products when the template changes', async () => {
    const cat = await c.category({ name: 'Lamps' });
    const p = await c.product({ name: 'Lamp', categoryId: cat.id });
    expect(p.enriched).toBe(true);
    await c.request('PATCH', `/categories/${cat.id}`, { template: { coreFields: ['gtin'], customFields: [] } });
    await enriched(cat.id, 1);
    expect((await c.request('GET', `/products/${p.id}`)).body.enriched).toBe(false);
  });

  it('re-derives enriched on many products in one batched change, without product.updated', async () => {
    const cat = await c.category({ name: 'Shelves' });
    // More than one bulk write of the kit's batched change (50); every third has a GTIN.
    const products: { id: string; updatedAt: string; gtin: boolean }[] = [];
    for (let i = 0; i < 75; i++) {
      const gtin = i % 3 === 0;
      const p = await c.product({ name: `Shelf ${i}`, categoryId: cat.id, ...(gtin ? { gtin: `0${1000 + i}` } : {}) });
      expect(p.enriched).toBe(true);
      products.push({ id: p.id, updatedAt: p.updatedAt, gtin });
    }
    const other = await c.product({ name: 'Elsewhere', categoryId: (await c.category({ name: 'Other' })).id });
    const before = c.events.length;
    const res = await c.request('PATCH', `/categories/${cat.id}`, {
      template: { coreFields: ['gtin'], customFields: [] },
    });
    expect(res.status).toBe(200);
    expect((await enriched(cat.id, 1)).enrichment.productsChanged).toBe(50);
    for (const p of products) {
      // Only those whose `enriched` flips are written.
      const now = (await c.request('GET', `/products/${p.id}`)).body;
      expect(now.enriched).toBe(p.gtin);
      expect(now.updatedAt === p.updatedAt).toBe(p.gtin);
    }
    expect((await c.request('GET', `/products/${other.id}`)).body).toMatchObject({
      enriched: true,
      updatedAt: other.updatedAt,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(c.events.slice(before).filter((e) => e.name === 'product.updated')).toEqual([]);
  });

  it('refuses deleting a category products use (409 category_in_use), deletes an unused one (204)', async () => {
    const cat = await c.category({ name: 'Used' });
    await c.product({ name: 'In it', categoryId: cat.id });
    const res = await c.request('DELETE', `/categories/${cat.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('category_in_use');
    const free = await c.category({ name: 'Free' });
    expect((await c.request('DELETE', `/categories/${free.id}`)).status).toBe(204);
  });

  it("answers 404 for another organization's category", async () => {
    const cat = await c.category({ name: 'Mine' });
    expect((await c.request('GET', `/categories/${cat.id}`, undefined, { orgId: 'org_x' })).status).toBe(404);
  });
});
