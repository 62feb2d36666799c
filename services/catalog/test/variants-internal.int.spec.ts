import { catalogClient, serviceSigner } from '@stockyard/contracts';
import { eventually, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { eventOf, startCatalog, type Catalog } from './support/catalog';

const ORG = 'org_internal';

describe('catalog internal API', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog(ORG);
  });
  afterAll(() => c.close());
  const client = () => catalogClient({ baseUrl: c.url, sign: serviceSigner('orders', TEST_IDENTITY_SECRET) });

  it('POST /variants/batch finds variants by ids and by SKUs (any case), and names what is missing', async () => {
    const p = await c.product({ name: 'Kettle', sku: 'KET-1', price: 40, cost: 22, weight: 1.2 });
    const gone = await c.product({ sku: 'GONE-1' });
    await c.request('DELETE', `/products/${gone.id}`);
    const batch = await client().variants(ORG, { ids: [c.variantOf(p), 'var_nope'], skus: ['ket-1', 'GONE-1'] });
    expect(batch.data).toEqual([
      expect.objectContaining({
        id: c.variantOf(p),
        productId: p.id,
        productType: 'SIMPLE',
        sku: 'KET-1',
        price: 40,
        cost: 22,
        weight: 1.2,
      }),
    ]);
    expect(batch.missing).toEqual({ ids: ['var_nope'], skus: ['GONE-1'] });
  });

  it("POST /variants/batch gives each variant its product's categories (none: empty)", async () => {
    const category = await c.category({ name: 'Kitchen' });
    const filed = await c.product({ name: 'Toaster', categoryId: category.id });
    const loose = await c.product({ name: 'Loose' });
    const batch = await client().variants(ORG, { ids: [c.variantOf(filed), c.variantOf(loose)] });
    expect(batch.data.map((v) => [v.productId, v.categoryIds])).toEqual([
      [filed.id, [category.id]],
      [loose.id, []],
    ]);
  });

  it('gives a BUNDLE its rows and an ASSEMBLY its active BOM', async () => {
    const part = await c.product({ name: 'Part' });
    const kit = await c.product({
      type: 'BUNDLE',
      name: 'Kit',
      components: [{ variantId: c.variantOf(part), quantity: 2 }],
    });
    const asm = await c.product({
      type: 'ASSEMBLY',
      name: 'Asm',
      components: [{ variantId: c.variantOf(part), quantity: 3 }],
    });
    const batch = await client().variants(ORG, { ids: [c.variantOf(kit), c.variantOf(asm)] });
    expect(batch.data.map((v) => [v.productType, v.components, v.bom])).toEqual([
      ['BUNDLE', [{ variantId: c.variantOf(part), quantity: 2 }], null],
      ['ASSEMBLY', null, { version: 1, rows: [{ variantId: c.variantOf(part), quantity: 3 }] }],
    ]);
  });

  it('POST /bundles/leaves flattens nested bundles, multiplying quantities; others are their own leaf', async () => {
    const [a, b] = await Promise.all([c.product({ name: 'A' }), c.product({ name: 'B' })]);
    const inner = await c.product({
      type: 'BUNDLE',
      name: 'Inner',
      components: [
        { variantId: c.variantOf(a), quantity: 2 },
        { variantId: c.variantOf(b), quantity: 1 },
      ],
    });
    const outer = await c.product({
      type: 'BUNDLE',
      name: 'Outer',
      components: [
        { variantId: c.variantOf(inner), quantity: 3 },
        { variantId: c.variantOf(a), quantity: 1 },
      ],
    });
    const res = await client().bundleLeaves(ORG, [c.variantOf(outer), c.variantOf(a), 'var_nope']);
    expect(res.data[0]!.leaves).toEqual([
      { variantId: c.variantOf(a), quantity: 7 },
      { variantId: c.variantOf(b), quantity: 3 },
    ]);
    expect(res.data[1]!.leaves).toEqual([{ variantId: c.variantOf(a), quantity: 1 }]);
    expect(res.missing).toEqual(['var_nope']);
  });

  it("never answers another organization's variants", async () => {
    const p = await c.product({ sku: 'PRIVATE-1' });
    const batch = await client().variants('org_other', { ids: [c.variantOf(p)], skus: ['PRIVATE-1'] });
    expect(batch.data).toEqual([]);
  });

  it('refuses an empty batch (400 validation_failed)', async () => {
    const res = await c.internal('/variants/batch', {});
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('sends bundle.components_changed when a bundle is created and when it is trashed', async () => {
    const part = await c.product({ name: 'Cog' });
    const kit = await c.product({
      type: 'BUNDLE',
      name: 'Cogs',
      components: [{ variantId: c.variantOf(part), quantity: 5 }],
    });
    const created = await eventOf(c, 'bundle.components_changed', { productId: kit.id });
    expect(created.payload).toMatchObject({
      variantIds: [c.variantOf(kit)],
      components: [{ variantId: c.variantOf(part), quantity: 5 }],
    });
    await c.request('DELETE', `/products/${kit.id}`);
    await eventually(() =>
      c.events.find(
        (e) =>
          e.name === 'bundle.components_changed' && e.payload.productId === kit.id && e.payload.variantIds.length === 0,
      ),
    );
  });
});
