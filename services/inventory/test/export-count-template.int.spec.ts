import { startInventory, type Inventory } from './support/inventory';
import { seedStockReads } from './support/stock-reads';

describe('GET /warehouses/{id}/stock/export-template', () => {
  let inv: Inventory;
  let wh: string;
  let bin: string;
  beforeAll(async () => {
    inv = await startInventory('org_count_sheet');
    ({ wh, bin } = await seedStockReads(inv));
  });
  afterAll(() => inv.close());

  it('GET /warehouses/{id}/stock/export-template serves a CSV count sheet with a filename', async () => {
    const res = await inv.request('GET', `/warehouses/${wh}/stock/export-template`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="stock-count-${wh}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines).toEqual([
      'variantId,sku,name,binId,binName,onHand,countedQuantity',
      'var_r1,SKU-APPLE,Green apple,,,5,',
      `var_r1,SKU-APPLE,Green apple,${bin},R-1,2,`,
      'var_r2,SKU-PEAR,"Pear, ""conference""",,,9,',
    ]);
    const binOnly = await (
      await inv.request('GET', `/warehouses/${wh}/stock/export-template?scope=${bin}&includeEmpty=true`)
    ).text();
    expect(binOnly.trim().split('\r\n').slice(1)).toEqual([
      `var_r1,SKU-APPLE,Green apple,${bin},R-1,2,`,
      `var_r2,SKU-PEAR,"Pear, ""conference""",${bin},R-1,0,`,
      `var_r3,SKU-ZERO,Never stocked,${bin},R-1,0,`,
    ]);
    expect((await inv.request('GET', `/warehouses/${wh}/stock/export-template?scope=bin_nope`)).status).toBe(404);
  });
});
