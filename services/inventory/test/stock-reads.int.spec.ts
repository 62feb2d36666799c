import { eventually, json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

describe('stock reads and stock item settings', () => {
  let inv: Inventory;
  let wh: string;
  let other: string;
  let bin: string;
  beforeAll(async () => {
    inv = await startInventory('org_reads');
    wh = await inv.warehouse('Reads');
    other = await inv.warehouse('Other');
    bin = await inv.bin(wh, 'R-1');
    await inv.publishVariant('var_r1', 'SKU-APPLE', 'Green apple');
    await inv.publishVariant('var_r2', 'SKU-PEAR', 'Pear, "conference"');
    await inv.publishVariant('var_r3', 'SKU-ZERO', 'Never stocked');
    await inv.adjust('var_r1', wh, 5);
    await inv.adjust('var_r1', wh, 2, bin);
    await inv.adjust('var_r2', wh, 9);
    await inv.adjust('var_r1', other, 1);
    await eventually(async () =>
      (await inv.connection.collection('variants').countDocuments()) === 3 ? true : undefined,
    );
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
