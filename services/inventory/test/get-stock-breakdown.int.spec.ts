import { json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';
import { seedStockReads } from './support/stock-reads';

describe('GET /stock/variant/{variantId}/breakdown', () => {
  let inv: Inventory;
  let wh: string;
  let other: string;
  let bin: string;
  beforeAll(async () => {
    inv = await startInventory('org_breakdown');
    ({ wh, other, bin } = await seedStockReads(inv));
  });
  afterAll(() => inv.close());

  it('GET /stock/variant/{id}/breakdown gives per warehouse on hand, reserved, available and bins', async () => {
    const res = await inv.request('GET', '/stock/variant/var_r1/breakdown');
    expect(res.status).toBe(200);
    const rows = await json(res);
    const main = rows.find((r: { warehouseId: string }) => r.warehouseId === wh);
    expect(main).toMatchObject({ warehouseName: 'Reads', onHand: 7, reserved: 0, available: 7, primaryBinId: null });
    expect(main.bins).toEqual([
      expect.objectContaining({ binId: null, onHand: 5 }),
      expect.objectContaining({ binId: bin, binName: 'R-1', onHand: 2 }),
    ]);
    expect(rows.find((r: { warehouseId: string }) => r.warehouseId === other)).toMatchObject({ onHand: 1 });
    expect(await json(await inv.request('GET', '/stock/variant/var_unknown/breakdown'))).toEqual([]);
  });
});
