import { json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';
import { seedStockReads } from './support/stock-reads';

describe('GET /stock/movements and GET /warehouses/{id}/stock/movements', () => {
  let inv: Inventory;
  let wh: string;
  let other: string;
  beforeAll(async () => {
    inv = await startInventory('org_movements');
    ({ wh, other } = await seedStockReads(inv));
  });
  afterAll(() => inv.close());

  it('GET /stock/movements lists newest first, filtered and paginated', async () => {
    const all = await json(await inv.request('GET', '/stock/movements?limit=2'));
    expect(all).toMatchObject({ total: 4, limit: 2, offset: 0 });
    expect(all.data.map((m: { variantId: string; warehouseId: string }) => [m.variantId, m.warehouseId])).toEqual([
      ['var_r1', other],
      ['var_r2', wh],
    ]);
    const page2 = await json(await inv.request('GET', '/stock/movements?take=2&skip=2'));
    expect(page2.data.map((m: { quantity: number }) => m.quantity)).toEqual([2, 5]);
    const filtered = await json(
      await inv.request('GET', `/stock/movements?variantId=var_r1&warehouseId=${wh}&type=ADJUSTMENT`),
    );
    expect(filtered.total).toBe(2);
    const none = await json(await inv.request('GET', '/stock/movements?type=SALE'));
    expect(none).toMatchObject({ data: [], total: 0 });
    const scoped = await json(await inv.request('GET', `/warehouses/${other}/stock/movements`));
    expect(scoped.data.map((m: { warehouseId: string }) => m.warehouseId)).toEqual([other]);
  });

  it('rejects an unknown movement type and a limit above 200 with 400', async () => {
    expect((await inv.request('GET', '/stock/movements?type=THEFT')).status).toBe(400);
    expect((await inv.request('GET', '/stock/movements?limit=201')).status).toBe(400);
  });
});
