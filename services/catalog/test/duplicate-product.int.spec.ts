import { eventOf, startCatalog, type Catalog } from './support/catalog';

describe('POST /products/{id}/duplicate', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_duplicate');
  });
  afterAll(() => c.close());

  it('copies the descriptive fields, prices and rows, not UPC/GTIN/MPN; the SKU is blank unless given', async () => {
    const brand = await c.brand('Acme');
    const part = await c.product({ name: 'Part' });
    const source = await c.product({
      type: 'BUNDLE',
      name: 'Kit',
      sku: 'KIT-1',
      description: 'A kit',
      brandId: brand.id,
      price: 30,
      cost: 12,
      upc: '012345678905',
      gtin: '00012345678905',
      mpn: 'MPN-1',
      customFields: { colour: 'red' },
      images: [{ url: 'https://img.invalid/kit.png' }],
      components: [{ variantId: c.variantOf(part), quantity: 3 }],
    });
    const res = await c.request('POST', `/products/${source.id}/duplicate`, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'BUNDLE',
      name: 'Kit (copy)',
      sku: null,
      description: 'A kit',
      brandId: brand.id,
      price: 30,
      cost: 12,
      upc: null,
      gtin: null,
      mpn: null,
      customFields: { colour: 'red' },
      images: [{ url: 'https://img.invalid/kit.png', position: 0 }],
      components: [{ variantId: c.variantOf(part), quantity: 3 }],
    });
    expect(res.body.id).not.toBe(source.id);
    expect(res.body.variants[0].id).not.toBe(source.variants[0].id);
    await eventOf(c, 'product.created', { productId: res.body.id });
  });

  it('takes the body SKU and name, and copies the active BOM of an assembly', async () => {
    const part = await c.product({ name: 'Bolt' });
    const asm = await c.product({
      type: 'ASSEMBLY',
      name: 'Frame',
      components: [{ variantId: c.variantOf(part), quantity: 4 }],
    });
    const res = await c.request('POST', `/products/${asm.id}/duplicate`, { sku: 'FRAME-2', name: 'Frame 2' });
    expect(res.body).toMatchObject({ sku: 'FRAME-2', name: 'Frame 2', bom: { version: 1 } });
    expect(res.body.bom.rows).toEqual([{ variantId: c.variantOf(part), quantity: 4 }]);
    const taken = await c.request('POST', `/products/${asm.id}/duplicate`, { sku: 'FRAME-2' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('sku_taken');
  });

  it('refuses a FAMILY (422 family_not_duplicable)', async () => {
    const family = await c.product({ type: 'FAMILY', name: 'Shirts' });
    const res = await c.request('POST', `/products/${family.id}/duplicate`, {});
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('family_not_duplicable');
  });

  it("answers 404 for another organization's product", async () => {
    const p = await c.product({});
    const res = await c.request('POST', `/products/${p.id}/duplicate`, {}, { orgId: 'org_other' });
    expect(res.status).toBe(404);
  });
});
