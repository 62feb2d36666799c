import { newEvent } from '@stockyard/service-kit';
import { eventually } from '@stockyard/testkit';
import { startCatalog, type Catalog } from '../../catalog/test/support/catalog';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_unknown_variants';

/**
 * Stock is created only for live catalog variants (README: unknown variants). The catalog runs
 * on its own exchange here, so inventory's read model never hears of its variants: what the
 * read model lacks is asked of the catalog's internal API.
 */
describe('unknown variants on the routes that create stock', () => {
  let inv: Inventory;
  let c: Catalog;
  let wh: string;
  let catalogVariant: string;
  let closed = false;
  beforeAll(async () => {
    c = await startCatalog(ORG);
    inv = await startInventory(ORG, { env: { CATALOG_URL: c.url } });
    wh = await inv.warehouse('Checked');
    catalogVariant = c.variantOf(await c.product({ name: 'Only in the catalog' }));
    await inv.variants('var_known');
  });
  afterAll(async () => {
    await inv.close();
    if (!closed) await c?.close();
  });

  const adjust = (variantId: string, quantity = 1) =>
    inv.request('POST', '/stock/adjust', { variantId, warehouseId: wh, quantity, reason: 'check' });
  const expectUnknown = (res: { status: number; body: { error: { code: string; details: unknown[] } } }) => {
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unknown_variant');
  };

  it('adjusts a variant the read model lacks once the catalog says it is live', async () => {
    expect((await adjust(catalogVariant, 3)).status).toBe(201);
    expect((await adjust('var_known', 2)).status).toBe(201);
  });

  it('refuses a variant neither knows with 422 unknown_variant, and stores nothing', async () => {
    const res = await adjust('var_nowhere');
    expectUnknown(res);
    expect(res.body.error.details).toEqual([{ field: 'variantId', code: 'unknown_variant', message: 'var_nowhere' }]);
    expect(await inv.level('var_nowhere')).toBeNull();
  });

  it('refuses PATCH /stock/items and a primary bin for an unknown variant with 422 unknown_variant', async () => {
    expectUnknown(await inv.request('PATCH', `/stock/items/var_nowhere/${wh}`, { minQuantity: 1 }));
    const bin = await inv.bin(wh, 'P-1');
    const primary = await inv.request('POST', '/stock/primary-bin', {
      variantId: 'var_nowhere',
      warehouseId: wh,
      binId: bin,
    });
    expectUnknown(primary);
    expect(await inv.level('var_nowhere')).toBeNull();
    expect((await inv.request('PATCH', `/stock/items/var_known/${wh}`, { minQuantity: 1 })).status).toBe(200);
  });

  it('refuses a count whose lines count unknown variants into stock, naming each line', async () => {
    const lines = [
      { variantId: 'var_known', countedQuantity: 5 },
      { variantId: 'var_ghost_1', countedQuantity: 1 },
      { variantId: 'var_ghost_2', countedQuantity: 0 },
      { variantId: 'var_ghost_3', countedQuantity: 2 },
    ];
    for (const route of ['preview', 'apply']) {
      const res = await inv.request('POST', `/warehouses/${wh}/stock/count/${route}`, { lines });
      expectUnknown(res);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([
        'lines.1.variantId',
        'lines.3.variantId',
      ]);
    }
    expect((await inv.level('var_known'))?.locations[0].onHand).toBe(2);
  });

  it('never asks about stock taken out: a negative adjust of an unknown variant is insufficient_stock', async () => {
    const res = await adjust('var_nowhere', -1);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('insufficient_stock');
  });

  it('refuses a variant the catalog deleted as soon as the read model hears of it', async () => {
    await inv.variants('var_deleted');
    expect((await adjust('var_deleted')).status).toBe(201);
    const updatedAt = new Date(Date.now() + 1000).toISOString();
    await inv.publish(newEvent('variant.deleted', { orgId: ORG, variantId: 'var_deleted', updatedAt }));
    await eventually(async () =>
      (await inv.connection.collection('variants').findOne({ variantId: 'var_deleted' }))?.deleted ? true : undefined,
    );
    expectUnknown(await adjust('var_deleted'));
  });

  it('with the catalog down: 503 for a variant the read model lacks; the read model answers the rest', async () => {
    await c.close();
    closed = true;
    const res = await adjust('var_never_heard_of');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('dependency_unavailable');
    expect(await inv.level('var_never_heard_of')).toBeNull();
    expect((await adjust('var_known')).status).toBe(201);
    expectUnknown(await adjust('var_deleted'));
  });
});
