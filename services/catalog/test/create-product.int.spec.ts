import { sendAcrossCrash } from '@stockyard/testkit';
import { eventOf, startCatalog, type Catalog } from './support/catalog';

describe('POST /products', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_create');
  });
  afterAll(() => c.close());

  it('creates a SIMPLE product with its default variant (same SKU, price, cost) and a generated SKU', async () => {
    const p = await c.product({ name: 'Kettle', price: 40, cost: 25 });
    expect(p).toMatchObject({
      id: expect.stringMatching(/^prd_/),
      type: 'SIMPLE',
      sku: expect.stringMatching(/^SKU-\d{6}$/),
      archived: false,
      deletedAt: null,
      margin: 37.5,
    });
    expect(p.variants).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^var_/), sku: p.sku, price: 40, cost: 25, isDefault: true }),
    ]);
    expect((await c.request('GET', `/products/${p.id}`)).body).toMatchObject({ id: p.id, sku: p.sku });
  });

  it('sends product.created and variant.upserted', async () => {
    const p = await c.product({ name: 'Toaster', sku: 'TOAST-1' });
    const created = await eventOf(c, 'product.created', { productId: p.id });
    expect(created.payload).toEqual({ orgId: 'org_create', productId: p.id, type: 'SIMPLE', name: 'Toaster' });
    const upserted = await eventOf(c, 'variant.upserted', { variantId: p.variants[0].id });
    expect(upserted.payload).toMatchObject({ sku: 'TOAST-1', name: 'Toaster' });
  });

  it('creates one product when a keyed create runs again after its process died before answering', async () => {
    const send = () => c.request('POST', '/products', { name: 'Rerun' }, { headers: { 'idempotency-key': 'rerun' } });
    const [first, rerun] = await sendAcrossCrash(c.connection, 'rerun', send);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(rerun.body).toEqual(first.body);
    expect(await c.connection.collection('products').countDocuments({ name: 'Rerun' })).toBe(1);
    expect(await c.connection.collection('sku_claims').countDocuments({ productId: first.body.id })).toBe(1);
    await eventOf(c, 'product.created', { productId: first.body.id });
    expect(c.events.filter((e) => e.name === 'product.created' && e.payload.name === 'Rerun')).toHaveLength(1);
  });

  it('gives a FAMILY no variant and a BUNDLE its rows', async () => {
    const family = await c.product({ type: 'FAMILY', name: 'Shirts' });
    expect(family.variants).toEqual([]);
    expect(family.children).toEqual([]);
    const part = await c.product({ name: 'Part' });
    const bundle = await c.product({
      type: 'BUNDLE',
      name: 'Kit',
      components: [{ variantId: c.variantOf(part), quantity: 2 }],
    });
    expect(bundle.components).toEqual([{ variantId: c.variantOf(part), quantity: 2 }]);
    expect(bundle.variants).toHaveLength(1);
  });

  it('refuses a SKU already taken by a product or a variant, in any case (409 sku_taken)', async () => {
    await c.product({ sku: 'TAKEN-1' });
    const res = await c.request('POST', '/products', { name: 'Again', sku: 'taken-1' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('sku_taken');
    const p = await c.product({ sku: 'HOST-1' });
    await c.request('POST', `/products/${p.id}/variants`, { sku: 'VAR-TAKEN' });
    const again = await c.request('POST', '/products', { name: 'Clash', sku: 'VAR-TAKEN' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('sku_taken');
  });

  it('gives two concurrent creates of one SKU one product and one 409', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => c.request('POST', '/products', { name: 'Race', sku: 'RACE-1' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('refuses a component quantity of 0 or less (400 validation_failed)', async () => {
    const part = await c.product({ name: 'Part' });
    for (const quantity of [0, -1]) {
      const res = await c.request('POST', '/products', {
        type: 'BUNDLE',
        name: 'Bad kit',
        components: [{ variantId: c.variantOf(part), quantity }],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('refuses components naming an unknown variant (422 component_not_found) or on a SIMPLE product', async () => {
    const res = await c.request('POST', '/products', {
      type: 'BUNDLE',
      name: 'Ghost kit',
      components: [{ variantId: 'var_nope', quantity: 1 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('component_not_found');
    const part = await c.product({ name: 'Part' });
    const simple = await c.request('POST', '/products', {
      name: 'Simple',
      components: [{ variantId: c.variantOf(part), quantity: 1 }],
    });
    expect(simple.status).toBe(422);
    expect(simple.body.error.code).toBe('components_not_allowed');
  });

  it("answers 404 for an unknown id and for another organization's product", async () => {
    const p = await c.product({});
    for (const [id, orgId] of [
      ['prd_unknown', undefined],
      [p.id, 'org_intruder'],
    ] as const) {
      const res = await c.request('GET', `/products/${id}`, undefined, { orgId });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('resource_not_found');
    }
  });

  it('refuses an unknown brand or category (422)', async () => {
    const res = await c.request('POST', '/products', { name: 'X', brandId: 'brd_nope' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('brand_not_found');
  });
});
