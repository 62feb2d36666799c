import { setTimeout as sleep } from 'node:timers/promises';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_valuation_report';

/**
 * GET /reports/stock-valuation by hand: before `t1` A receives var_a 10 @ 2.00 and 10 @ 3.00
 * and var_b 4 @ 5.00; after it var_a sells 15 (FIFO: 10 × 2.00 + 5 × 3.00), var_b is adjusted
 * out by 1, var_a moves 2 to B (at 3.00) and B receives var_c 1 @ 7.25 (a variant the read model
 * lacks). var_a is product prd_1 in category cat_tools, var_b prd_1 with no category.
 */
describe('GET /reports/stock-valuation', () => {
  let inv: Inventory;
  let a: string;
  let b: string;
  let t1: string;
  beforeAll(async () => {
    inv = await startInventory(ORG);
    a = await inv.warehouse('A');
    b = await inv.warehouse('B');
    await inv.publishVariant('var_a', 'SKU-A', 'Hammer', new Date(), {
      productId: 'prd_1',
      categoryIds: ['cat_tools'],
    });
    await inv.publishVariant('var_b', 'SKU-B', 'Hammer XL', new Date(), { productId: 'prd_1', categoryIds: [] });
    await inv.readModelHas(['var_a', 'var_b']);
    const receive = (variantId: string, warehouseId: string, quantity: number, unitCost: number, key: string) =>
      inv.internal('/stock/receive', { operationKey: key, variantId, warehouseId, quantity, unitCost });
    await receive('var_a', a, 10, 2, 'po_1:ln_1:rcp_1');
    await receive('var_a', a, 10, 3, 'po_1:ln_2:rcp_1');
    await receive('var_b', a, 4, 5, 'po_1:ln_3:rcp_1');
    t1 = new Date().toISOString();
    await sleep(5);
    const sale = { operationKey: 'ord_1:ship', variantId: 'var_a', warehouseId: a, quantity: 15, fromReserved: false };
    expect((await inv.internal('/stock/deduct', sale)).status).toBe(201);
    await inv.adjust('var_b', a, -1);
    const transfer = { variantId: 'var_a', fromWarehouseId: a, toWarehouseId: b, quantity: 2 };
    expect((await inv.request('POST', '/stock/transfer', transfer)).status).toBe(201);
    await receive('var_c', b, 1, 7.25, 'po_2:ln_1:rcp_1');
  });
  afterAll(() => inv.close());

  const valuation = async (query: string) => {
    const res = await inv.request('GET', `/reports/stock-valuation${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  /** A row as [key, quantity, unit cost, value]. */
  const rows = (body: { data: { key: string | null; quantity: number; unitCost: number | null; value: number }[] }) =>
    body.data.map((g) => [g.key, g.quantity, g.unitCost, g.value]);

  it('values the stock as of a past moment from the ledger: what was received by then', async () => {
    const body = await valuation(`?asOf=${t1}`);
    expect(body).toMatchObject({ asOf: t1, currency: 'USD', groupBy: 'variant', warehouseId: null });
    expect(body).toMatchObject({ totalQuantity: 24, totalValue: 70, total: 2, limit: 50, offset: 0 });
    expect(rows(body)).toEqual([
      ['var_a', 20, 2.5, 50],
      ['var_b', 4, 5, 20],
    ]);
    expect(body.data[0]).toMatchObject({ sku: 'SKU-A', name: 'Hammer' });
  });

  it('values it now by default: FIFO sale, adjust out, transfer and the last receipt taken in', async () => {
    const body = await valuation('');
    // var_a: 5 left of the 3.00 layer (A 3, B 2); var_b 3 × 5.00; var_c 1 × 7.25 (no SKU known).
    expect(rows(body)).toEqual([
      ['var_a', 5, 3, 15],
      ['var_b', 3, 5, 15],
      ['var_c', 1, 7.25, 7.25],
    ]);
    expect(body.data[2]).toMatchObject({ sku: null, name: null });
    expect(body).toMatchObject({ totalQuantity: 9, totalValue: 37.25 });
    expect(Date.parse(body.asOf)).toBeGreaterThan(Date.parse(t1));
  });

  it('takes a date as the end of that day: today is now, yesterday had nothing', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(await valuation(`?asOf=${today}`)).toMatchObject({ totalQuantity: 9, totalValue: 37.25 });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await valuation(`?asOf=${yesterday}`)).toMatchObject({ data: [], total: 0, totalValue: 0 });
  });

  it('groups by warehouse, with its name', async () => {
    const body = await valuation('?groupBy=warehouse');
    // A: var_a 3 × 3.00 + var_b 3 × 5.00; B: var_a 2 × 3.00 + var_c 7.25.
    expect(rows(body)).toEqual(
      [
        [a, 6, 4, 24],
        [b, 3, 4.42, 13.25],
      ].sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1)),
    );
    expect(body.data.map((g: { name: string }) => g.name).sort()).toEqual(['A', 'B']);
  });

  it('groups by product: a variant of no known product under key null', async () => {
    const body = await valuation('?groupBy=product');
    expect(rows(body)).toEqual([
      ['prd_1', 8, 3.75, 30],
      [null, 1, 7.25, 7.25],
    ]);
    expect(body).toMatchObject({ totalQuantity: 9, totalValue: 37.25 });
  });

  it('groups by category: variants of none (or unknown) under the uncategorized key null', async () => {
    expect(rows(await valuation('?groupBy=category'))).toEqual([
      ['cat_tools', 5, 3, 15],
      [null, 4, 5.56, 22.25],
    ]);
    expect(rows(await valuation(`?groupBy=category&asOf=${t1}`))).toEqual([
      ['cat_tools', 20, 2.5, 50],
      [null, 4, 5, 20],
    ]);
  });

  it('values one warehouse, and pages the groups (totals over all of them)', async () => {
    expect(rows(await valuation(`?warehouseId=${a}`))).toEqual([
      ['var_a', 3, 3, 9],
      ['var_b', 3, 5, 15],
    ]);
    expect(await valuation(`?warehouseId=${b}&asOf=${t1}`)).toMatchObject({ data: [], totalValue: 0 });
    const page = await valuation('?limit=1&offset=1');
    expect(rows(page)).toEqual([['var_b', 3, 5, 15]]);
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1, totalQuantity: 9, totalValue: 37.25 });
  });

  it.each([
    ['asOf tomorrow', `?asOf=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`],
    ['asOf an hour from now', `?asOf=${new Date(Date.now() + 3_600_000).toISOString()}`],
    ['an unparsable asOf', '?asOf=yesterday'],
    ['a date that does not exist', '?asOf=2026-02-30'],
    ['a date-time without its offset', '?asOf=2026-02-03T10:00:00'],
    ['an unknown groupBy', '?groupBy=sku'],
  ])('refuses %s (400 validation_failed)', async (_name, query) => {
    const res = await inv.request('GET', `/reports/stock-valuation${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('answers 404 for a warehouse of another organization', async () => {
    const theirs = await inv.request('POST', '/warehouses', { name: 'Theirs' }, { orgId: 'org_valuation_other' });
    const res = await inv.request('GET', `/reports/stock-valuation?warehouseId=${theirs.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('resource_not_found');
  });
});
