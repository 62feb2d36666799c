import { startCatalog, type Catalog } from './support/catalog';

describe('where-used, template-status, data-health', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_reports');
  });
  afterAll(() => c.close());

  it('GET /products/{id}/where-used: the bundles and active BOMs using its variants, with quantities', async () => {
    const part = await c.product({ name: 'Bolt', sku: 'BOLT' });
    const bundle = await c.product({
      type: 'BUNDLE',
      name: 'Pack',
      components: [{ variantId: c.variantOf(part), quantity: 10 }],
    });
    const asm = await c.product({
      type: 'ASSEMBLY',
      name: 'Frame',
      components: [{ variantId: c.variantOf(part), quantity: 4 }],
    });
    // replaced BOM versions no longer count
    const old = await c.product({
      type: 'ASSEMBLY',
      name: 'Old',
      components: [{ variantId: c.variantOf(part), quantity: 1 }],
    });
    const other = await c.product({ name: 'Nut' });
    await c.request('PUT', `/products/${old.id}`, { components: [{ variantId: c.variantOf(other), quantity: 1 }] });
    const res = await c.request('GET', `/products/${part.id}/where-used`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: bundle.id, type: 'BUNDLE', quantity: 10 }),
        expect.objectContaining({ productId: asm.id, type: 'ASSEMBLY', quantity: 4, bomVersion: 1 }),
      ]),
    );
  });

  it('GET /products/{id}/template-status shows filled and missing template attributes', async () => {
    const cat = await c.category({
      name: 'Chairs',
      template: { coreFields: ['description', 'gtin'], customFields: ['material'] },
    });
    const p = await c.product({ name: 'Chair', categoryId: cat.id, description: 'Oak chair' });
    const res = await c.request('GET', `/products/${p.id}/template-status`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      productId: p.id,
      categoryId: cat.id,
      filled: ['description'],
      missing: ['gtin', 'customFields.material'],
      complete: false,
    });
    await c.request('PUT', `/products/${p.id}`, { gtin: '00012345678905', customFields: { material: 'oak' } });
    const after = await c.request('GET', `/products/${p.id}`);
    expect(after.body.enriched).toBe(true);
    expect((await c.request('GET', `/products/${p.id}/template-status`)).body.complete).toBe(true);
  });

  it('GET /products/data-health counts each problem with up to 20 sample ids', async () => {
    const h = await startCatalog('org_health');
    try {
      const ok = await h.product({ name: 'Fine', price: 10, cost: 5 });
      const loss = await h.product({ name: 'Loss', price: 5, cost: 8 });
      const blank = (await h.request('POST', `/products/${ok.id}/duplicate`, {})).body;
      const family = await h.product({ type: 'FAMILY', name: 'Lonely' });
      const emptyBundle = await h.product({ type: 'BUNDLE', name: 'Empty' });
      const part = await h.product({ name: 'Part' });
      const kit = await h.product({
        type: 'BUNDLE',
        name: 'Kit',
        components: [{ variantId: h.variantOf(part), quantity: 1 }],
      });
      await h.request('POST', `/products/${part.id}/archive`);
      const res = await h.request('GET', '/products/data-health');
      expect(res.status).toBe(200);
      const problem = (code: string) => res.body.problems.find((p: { code: string }) => p.code === code);
      expect(problem('negative_margin')).toEqual({ code: 'negative_margin', count: 1, sampleIds: [loss.id] });
      expect(problem('missing_sku').sampleIds).toEqual([blank.id]);
      expect(problem('family_too_few_children').sampleIds).toEqual([family.id]);
      expect(problem('no_components').sampleIds).toEqual([emptyBundle.id]);
      expect(problem('component_unavailable').sampleIds).toEqual([kit.id]);
      expect(problem('no_image').count).toBe(res.body.productCount);
      expect(res.body.problems.map((p: { code: string }) => p.code)).toContain('duplicate_barcode');
    } finally {
      await h.close();
    }
  });

  it("answers 404 for another organization's product", async () => {
    const p = await c.product({});
    for (const path of [`/products/${p.id}/where-used`, `/products/${p.id}/template-status`]) {
      expect((await c.request('GET', path, undefined, { orgId: 'org_other' })).status).toBe(404);
    }
  });
});
