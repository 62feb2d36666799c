import { json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';
import { seedStockReads } from './support/stock-reads';

describe('PATCH /stock/items/{variantId}/{warehouseId}', () => {
  let inv: Inventory;
  let wh: string;
  let bin: string;
  beforeAll(async () => {
    inv = await startInventory('org_stock_items');
    ({ wh, bin } = await seedStockReads(inv));
  });
  afterAll(() => inv.close());

  it('PATCH /stock/items sets min/max of one bin row without touching on hand', async () => {
    const res = await inv.request('PATCH', `/stock/items/var_r1/${wh}`, {
      binId: bin,
      minQuantity: 3,
      maxQuantity: 20,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      variantId: 'var_r1',
      warehouseId: wh,
      binId: bin,
      onHand: 2,
      minQuantity: 3,
      maxQuantity: 20,
    });
    const unassigned = await json(await inv.request('PATCH', `/stock/items/var_r1/${wh}`, { minQuantity: 1 }));
    expect(unassigned).toMatchObject({ binId: null, onHand: 5, minQuantity: 1, maxQuantity: null });
    const movements = await json(await inv.request('GET', '/stock/movements?variantId=var_r1'));
    expect(movements.total).toBe(3);
  });

  it('PATCH /stock/items refuses min above max with 422 min_above_max and no fields with 400', async () => {
    const res = await inv.request('PATCH', `/stock/items/var_r1/${wh}`, { binId: bin, minQuantity: 30 });
    expect(res.status).toBe(422);
    expect((await json(res)).error.code).toBe('min_above_max');
    expect((await inv.request('PATCH', `/stock/items/var_r1/${wh}`, { binId: bin })).status).toBe(400);
  });
});
