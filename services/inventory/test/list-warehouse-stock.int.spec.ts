import { json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';
import { seedStockReads } from './support/stock-reads';

describe('GET /warehouses/{id}/stock', () => {
  let inv: Inventory;
  let wh: string;
  beforeAll(async () => {
    inv = await startInventory('org_warehouse_stock');
    ({ wh } = await seedStockReads(inv));
  });
  afterAll(() => inv.close());

  it('GET /warehouses/{id}/stock searches by SKU or name, sorts and paginates', async () => {
    const bySku = await json(await inv.request('GET', `/warehouses/${wh}/stock?search=apple`));
    expect(bySku.data.map((r: { variantId: string }) => r.variantId)).toEqual(['var_r1']);
    expect(bySku.data[0]).toMatchObject({ sku: 'SKU-APPLE', name: 'Green apple', onHand: 7, available: 7 });
    const byName = await json(await inv.request('GET', `/warehouses/${wh}/stock?search=CONFERENCE`));
    expect(byName.data.map((r: { variantId: string }) => r.variantId)).toEqual(['var_r2']);
    const sorted = await json(await inv.request('GET', `/warehouses/${wh}/stock?sortBy=onHand&sortOrder=desc&limit=1`));
    expect(sorted).toMatchObject({ total: 2, limit: 1 });
    expect(sorted.data[0].variantId).toBe('var_r2');
    const withEmpty = await json(await inv.request('GET', `/warehouses/${wh}/stock?includeEmpty=true`));
    expect(withEmpty.data.map((r: { sku: string }) => r.sku)).toEqual(['SKU-APPLE', 'SKU-PEAR', 'SKU-ZERO']);
    expect((await inv.request('GET', `/warehouses/${wh}/stock?sortBy=price`)).status).toBe(400);
  });
});
