import { eventually } from '@stockyard/testkit';
import { eventOf, startCatalog } from './support/catalog';
import { startCatalogWithPeers, type CatalogWithPeers } from './support/catalog-with-peers';

const ORG = 'org_default_migration';
const MIGRATION = 'retire-untouched-default-variants';

/**
 * Products an older catalog left with their untouched default beside added variants: the
 * sweep's one-off migration retires those nothing uses, once, and leaves the rest.
 */
describe('the untouched default variant migration', () => {
  let c: CatalogWithPeers;
  const migrations = () => c.connection.collection<{ _id: string; counts: object }>('catalog_migrations');
  beforeAll(async () => {
    c = await startCatalogWithPeers(ORG);
  });
  afterAll(() => c.closeAll());

  /**
   * A product as an older catalog left it: variants added beside the default (an order hold
   * kept the default while they were added; the hold is gone now).
   */
  async function legacyProduct(sku: string, added: string[]) {
    const p = await c.product({ name: sku, sku, price: 10 });
    c.orders.held.set(c.variantOf(p), 1);
    for (const [i, extra] of added.entries()) await c.addVariant(p.id, { sku: extra, options: { n: String(i) } });
    c.orders.held.delete(c.variantOf(p));
    expect((await c.variantsOf(p.id)).map((v) => v.sku)).toEqual([sku, ...added]);
    return p;
  }

  it('retires untouched unused defaults beside variants, keeps used or edited ones, and records its run', async () => {
    const legacy = await legacyProduct('LEG', ['LEG-A', 'LEG-B']);
    const stocked = await legacyProduct('STK', ['STK-A']);
    await c.adjust(c.variantOf(stocked), 2);
    const edited = await legacyProduct('EDT', ['EDT-A']);
    expect((await c.request('PATCH', `/variants/${c.variantOf(edited)}`, { name: 'Original' })).status).toBe(200);
    const single = await c.product({ name: 'Single', sku: 'SGL' });

    await c.sweep();

    expect((await c.variantsOf(legacy.id)).map((v) => [v.sku, v.isDefault])).toEqual([
      ['LEG-A', true],
      ['LEG-B', false],
    ]);
    const product = await c.request('GET', `/products/${legacy.id}`);
    expect(product.status).toBe(200);
    expect(product.body).toMatchObject({ sku: 'LEG-A', price: 10 });
    expect((await c.request('GET', `/variants/${c.variantOf(legacy)}`)).status).toBe(404);
    expect((await c.variantsOf(stocked.id)).map((v) => v.sku)).toEqual(['STK', 'STK-A']);
    expect((await c.variantsOf(edited.id)).map((v) => v.sku)).toEqual(['EDT', 'EDT-A']);
    expect((await c.variantsOf(single.id)).map((v) => v.sku)).toEqual(['SGL']);
    expect(await migrations().findOne({ _id: MIGRATION })).toMatchObject({
      counts: { retired: 1, inUse: 1, unchanged: 0, deferred: 0 },
    });

    await eventOf(c, 'variant.deleted', { variantId: c.variantOf(legacy) });
    // The migration's write names the SKU (it followed the new default) and the variants.
    const retiring = await eventually(() =>
      c.events.find(
        (e) =>
          e.name === 'product.updated' &&
          e.payload.productId === legacy.id &&
          (e.payload.changes as string[]).includes('sku'),
      ),
    );
    expect(retiring.payload).toMatchObject({ deleted: false, type: 'SIMPLE' });
    expect(retiring.payload.changes).toEqual(expect.arrayContaining(['sku', 'variants']));
  });

  it('runs once: a later pass changes nothing, and a forced second run finds nothing more to retire', async () => {
    const before = await c.request('GET', '/products?limit=200');
    await c.sweep();
    await migrations().deleteMany({ _id: MIGRATION });
    await c.sweep();
    expect(await migrations().findOne({ _id: MIGRATION })).toMatchObject({
      counts: { retired: 0, inUse: 1, unchanged: 0, deferred: 0 },
    });
    const after = await c.request('GET', '/products?limit=200');
    expect(after.body).toEqual(before.body);
  });

  it('leaves the defaults it cannot check for later, and retires them once orders answers', async () => {
    const legacy = await legacyProduct('LATE', ['LATE-A']);
    await migrations().deleteMany({ _id: MIGRATION });
    c.orders.down = true;
    await c.sweep();
    expect(await migrations().findOne({ _id: MIGRATION })).toMatchObject({
      counts: { retired: 0, inUse: 0, unchanged: 0, deferred: 2 },
    });
    const reviews = c.connection.collection('default_variant_reviews');
    expect(await reviews.findOne({ productId: legacy.id })).toMatchObject({ variantId: c.variantOf(legacy) });
    expect((await c.variantsOf(legacy.id)).map((v) => v.sku)).toEqual(['LATE', 'LATE-A']);

    c.orders.down = false;
    await c.sweep();
    expect((await c.variantsOf(legacy.id)).map((v) => [v.sku, v.isDefault])).toEqual([['LATE-A', true]]);
    expect(await reviews.countDocuments({})).toBe(0);
    await eventOf(c, 'variant.deleted', { variantId: c.variantOf(legacy) });
  });

  // Last: the second process's harness drops the shared database as it closes.
  it('runs by itself when a process starts on the database', async () => {
    const legacy = await legacyProduct('BOOT', ['BOOT-A']);
    await migrations().deleteMany({ _id: MIGRATION });
    const env = { MONGO_DB: c.config.MONGO_DB, INVENTORY_URL: c.inv.url, ORDERS_URL: c.orders.url };
    const started = await startCatalog(ORG, { env: { ...env, DEFAULT_VARIANT_SWEEP_MS: '60000' } });
    try {
      await eventually(async () => ((await migrations().countDocuments({ _id: MIGRATION })) === 1 ? true : undefined));
      expect((await c.variantsOf(legacy.id)).map((v) => [v.sku, v.isDefault])).toEqual([['BOOT-A', true]]);
    } finally {
      await started.close();
    }
  });
});
