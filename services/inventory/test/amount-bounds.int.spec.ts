import { startInventory, type Inventory } from './support/inventory';

/**
 * Quantities are bounded in the contracts (amounts.ts: |q| <= 1e9, at most 4 decimals), so
 * numbers that are finite but absurd are a 400 validation_failed at the edge. Before, an adjust
 * of 1e305 and a count of 1e308 answered 500, and a minQuantity of 1e308 was stored.
 */
describe('quantity bounds', () => {
  let inv: Inventory;
  let wh: string;
  beforeAll(async () => {
    inv = await startInventory('org_bounds');
    // The catalog variants this file creates stock for.
    await inv.variants('var_big', 'var_count', 'var_edge', 'var_minmax', 'var_t');
    wh = await inv.warehouse();
  });
  afterAll(() => inv.close());

  const expectInvalid = (
    res: { status: number; body: { error: { code: string; details: { field: string }[] } } },
    field: string,
  ) => {
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d) => d.field)).toContain(field);
  };

  it('answers 400 validation_failed to an adjust of 1e305, over 1e9 or with 5 decimals', async () => {
    for (const quantity of [1e305, -1e308, 1e9 + 1, 1.00001]) {
      const res = await inv.request('POST', '/stock/adjust', {
        variantId: 'var_big',
        warehouseId: wh,
        quantity,
        reason: 'x',
      });
      expectInvalid(res, 'quantity');
    }
    expect(await inv.level('var_big')).toBeNull();
  });

  it('accepts the bounds themselves: 1e9 and 4 decimals', async () => {
    for (const quantity of [1e9, -1e9, 0.0001]) {
      const res = await inv.request('POST', '/stock/adjust', {
        variantId: 'var_edge',
        warehouseId: wh,
        quantity,
        reason: 'x',
      });
      expect(res.status).toBe(201);
    }
  });

  it('answers 400 validation_failed to a count applying 1e308', async () => {
    const res = await inv.request('POST', `/warehouses/${wh}/stock/count/apply`, {
      lines: [{ variantId: 'var_count', countedQuantity: 1e308 }],
    });
    expectInvalid(res, 'lines.0.countedQuantity');
  });

  it('answers 400 validation_failed to a minQuantity or maxQuantity of 1e308, and stores nothing', async () => {
    await inv.adjust('var_minmax', wh, 5);
    for (const body of [{ minQuantity: 1e308 }, { maxQuantity: 1e308 }]) {
      expectInvalid(await inv.request('PATCH', `/stock/items/var_minmax/${wh}`, body), Object.keys(body)[0]!);
    }
    const item = await inv.request('GET', '/stock/variant/var_minmax/breakdown');
    expect(JSON.stringify(item.body)).not.toContain('1e+308');
  });

  it('answers 400 validation_failed to transfers, moves and internal receipts past the bound', async () => {
    const other = await inv.warehouse('Other');
    const transfer = { variantId: 'var_t', fromWarehouseId: wh, toWarehouseId: other, quantity: 1e308 };
    expectInvalid(await inv.request('POST', '/stock/transfer', transfer), 'quantity');
    const move = { variantId: 'var_t', warehouseId: wh, fromBinId: null, toBinId: null, quantity: 1e10 };
    expectInvalid(await inv.request('POST', '/stock/move', move), 'quantity');
    const receipt = { operationKey: 'op_big', variantId: 'var_t', warehouseId: wh, quantity: 1e308 };
    expectInvalid(await inv.internal('/stock/receive', receipt), 'quantity');
  });
});
