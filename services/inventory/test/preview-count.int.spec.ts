import { json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';
import { countLines, seedStockCounts } from './support/stock-counts';

describe('POST /warehouses/{id}/stock/count/preview', () => {
  let inv: Inventory;
  let wh: string;
  let bin: string;
  beforeAll(async () => {
    inv = await startInventory('org_count_preview');
    // The catalog variants this file creates stock for.
    await inv.variants('var_c1', 'var_c2', 'var_c3');
    ({ wh, bin } = await seedStockCounts(inv));
  });
  afterAll(() => inv.close());

  const lines = () => countLines(bin);

  it('previews the differences against on hand without moving stock', async () => {
    const res = await inv.request('POST', `/warehouses/${wh}/stock/count/preview`, { lines: lines() });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual([
      { variantId: 'var_c1', binId: null, onHand: 10, countedQuantity: 8, difference: -2 },
      { variantId: 'var_c1', binId: bin, onHand: 4, countedQuantity: 4, difference: 0 },
      { variantId: 'var_c2', binId: null, onHand: 3, countedQuantity: 5, difference: 2 },
      { variantId: 'var_c3', binId: bin, onHand: 0, countedQuantity: 2, difference: 2 },
    ]);
    expect((await inv.level('var_c1'))?.version).toBe(2);
  });

  it('rejects a negative counted quantity with 400', async () => {
    expect(
      (
        await inv.request('POST', `/warehouses/${wh}/stock/count/preview`, {
          lines: [{ variantId: 'v', countedQuantity: -1 }],
        })
      ).status,
    ).toBe(400);
  });

  it('answers 404 for a bin of another warehouse', async () => {
    const other = await inv.warehouse('Elsewhere');
    const foreign = await inv.bin(other, 'X');
    const res = await inv.request('POST', `/warehouses/${wh}/stock/count/preview`, {
      lines: [{ variantId: 'var_c1', binId: foreign, countedQuantity: 1 }],
    });
    expect(res.status).toBe(404);
  });
});
