import { eventually } from '@stockyard/testkit';
import { eventOf, startCatalog, type Catalog } from './support/catalog';

describe('PUT /products/{id}', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_update');
  });
  afterAll(() => c.close());

  it('changes the fields given; the default variant follows SKU, price and cost', async () => {
    const p = await c.product({ name: 'Lamp', sku: 'LAMP-1', price: 20, cost: 10 });
    const res = await c.request('PUT', `/products/${p.id}`, { name: 'Desk lamp', sku: 'LAMP-2', price: 25 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Desk lamp', sku: 'LAMP-2', price: 25, cost: 10, margin: 60 });
    expect(res.body.variants[0]).toMatchObject({ sku: 'LAMP-2', price: 25 });
    // the old SKU is free again
    expect((await c.request('POST', '/products', { name: 'Reuse', sku: 'LAMP-1' })).status).toBe(201);
  });

  it('sends product.updated with the changed field names, and variant.cost_changed on a cost change', async () => {
    const p = await c.product({ name: 'Chair', price: 50, cost: 30 });
    await c.request('PUT', `/products/${p.id}`, { cost: 32.5 });
    const updated = await eventOf(c, 'product.updated', { productId: p.id });
    expect(updated.payload).toMatchObject({ deleted: false, archived: false, type: 'SIMPLE' });
    expect(updated.payload.changes).toEqual(expect.arrayContaining(['cost', 'variants']));
    const cost = await eventOf(c, 'variant.cost_changed', { variantId: p.variants[0].id });
    expect(cost.payload).toEqual({ orgId: 'org_update', variantId: p.variants[0].id, oldCost: 30, newCost: 32.5 });
  });

  it('sends variant.upserted with the product and its new category when the category changes', async () => {
    const category = await c.category({ name: 'Lighting' });
    const p = await c.product({ name: 'Floor lamp' });
    expect((await c.request('PUT', `/products/${p.id}`, { categoryId: category.id })).status).toBe(200);
    const upserted = await eventually(() =>
      c.events.find(
        (e) =>
          e.name === 'variant.upserted' && e.payload.variantId === p.variants[0].id && e.payload.categoryIds?.length,
      ),
    );
    expect(upserted.payload).toMatchObject({ productId: p.id, categoryIds: [category.id], name: 'Floor lamp' });
  });

  it('keeps the replaced BOM of an ASSEMBLY as an inactive version', async () => {
    const a = await c.product({ name: 'Screw' });
    const b = await c.product({ name: 'Board' });
    const asm = await c.product({
      type: 'ASSEMBLY',
      name: 'Shelf',
      components: [{ variantId: c.variantOf(a), quantity: 8 }],
    });
    expect(asm.bom).toMatchObject({ version: 1, rows: [{ variantId: c.variantOf(a), quantity: 8 }] });
    const res = await c.request('PUT', `/products/${asm.id}`, {
      components: [
        { variantId: c.variantOf(a), quantity: 6 },
        { variantId: c.variantOf(b), quantity: 1 },
      ],
    });
    expect(res.body.bom).toMatchObject({ version: 2 });
    expect(res.body.bomVersions).toEqual([expect.objectContaining({ version: 1 })]);
  });

  it('refuses a bundle that contains itself, directly or through a nested bundle (422 component_cycle)', async () => {
    const part = await c.product({ name: 'Part' });
    const outer = await c.product({
      type: 'BUNDLE',
      name: 'Outer',
      components: [{ variantId: c.variantOf(part), quantity: 1 }],
    });
    const direct = await c.request('PUT', `/products/${outer.id}`, {
      components: [{ variantId: c.variantOf(outer), quantity: 1 }],
    });
    expect(direct.status).toBe(422);
    expect(direct.body.error.code).toBe('component_cycle');
    const inner = await c.product({
      type: 'BUNDLE',
      name: 'Inner',
      components: [{ variantId: c.variantOf(outer), quantity: 1 }],
    });
    const nested = await c.request('PUT', `/products/${outer.id}`, {
      components: [{ variantId: c.variantOf(inner), quantity: 2 }],
    });
    expect(nested.status).toBe(422);
    expect(nested.body.error.code).toBe('component_cycle');
    const asm = await c.product({
      type: 'ASSEMBLY',
      name: 'Asm',
      components: [{ variantId: c.variantOf(inner), quantity: 1 }],
    });
    const viaBom = await c.request('PUT', `/products/${outer.id}`, {
      components: [{ variantId: c.variantOf(asm), quantity: 1 }],
    });
    expect(viaBom.status).toBe(422);
    expect(viaBom.body.error.code).toBe('component_cycle');
  });

  it('refuses writes to a trashed product (409 product_trashed)', async () => {
    const p = await c.product({ name: 'Gone' });
    await c.request('DELETE', `/products/${p.id}`);
    for (const [method, path, body] of [
      ['PUT', `/products/${p.id}`, { name: 'Back?' }],
      ['POST', `/products/${p.id}/archive`, undefined],
      ['POST', `/products/${p.id}/variants`, { sku: 'GONE-2' }],
    ] as const) {
      const res = await c.request(method, path, body);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('product_trashed');
    }
  });

  it("answers 404 for another organization's product", async () => {
    const p = await c.product({});
    const res = await c.request('PUT', `/products/${p.id}`, { name: 'Mine' }, { orgId: 'org_intruder' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('resource_not_found');
  });
});
