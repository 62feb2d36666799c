import { startInventory, type Inventory } from './support/inventory';

/**
 * Path ids follow the body ids' rule (contracts ids.ts, checked by the kit for every route).
 * Before, PATCH /stock/items/{variantId}/{warehouseId} stored rows for a 10,000-character id,
 * for %00 and for ../..
 */
describe('path ids', () => {
  let inv: Inventory;
  let wh: string;
  beforeAll(async () => {
    inv = await startInventory('org_path_ids');
    wh = await inv.warehouse();
  });
  afterAll(() => inv.close());

  it.each([
    ['10,000 characters', 'v'.repeat(10_000)],
    ['a NUL', '%00'],
    ['a path', '..%2F..%2Fetc'],
  ])('answers PATCH /stock/items with a variantId of %s 400 validation_failed and stores nothing', async (_w, id) => {
    const res = await inv.request('PATCH', `/stock/items/${id}/${wh}`, { minQuantity: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details[0].field).toBe('variantId');
    expect(await inv.connection.collection('stock_levels').countDocuments({})).toBe(0);
  });

  it('answers a warehouse id that is not an id 400 validation_failed, not 404', async () => {
    const res = await inv.request('GET', '/warehouses/%00');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});
