import { json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_cogs_report';
const DAY = 86_400_000;

/**
 * GET /reports/cogs by hand (FIFO). Warehouse A receives var_a (product prd_1) 10 @ 2.00 and 10 @
 * 3.00, var_b (prd_2) 10 @ 4.00, var_c (no product known) 5 @ 1.00. Sold through the internal moves
 * route, two of them then dated yesterday (12:00 and 18:00 UTC, as if sold then):
 *   yesterday  ord_1 web  var_a 5   @ 6.00  revenue 30.00  cost 5 × 2.00          = 10.00
 *   yesterday  ord_2 pos  var_b 2   @ 7.50  revenue 15.00  cost 2 × 4.00          =  8.00
 *   today      ord_3 web  var_a 7   @ 5.00  revenue 35.00  cost 5 × 2.00 + 2 × 3.00 = 16.00
 *   today      ord_4 pos  var_b 1.5 @ 3.33  revenue  5.00 (4.995, half away from 0) cost 6.00
 *   today      no sale    var_c 1           revenue  0     cost 1.00 (a deduct that named no sale)
 * and var_a is adjusted out by 1 (not a sale: no cost of goods sold).
 */
describe('GET /reports/cogs', () => {
  let inv: Inventory;
  let wh: string;
  const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const noon = `${yesterday}T12:00:00.000Z`;
  const deduct = (key: string, variantId: string, quantity: number, sale?: Record<string, unknown>) => ({
    kind: 'deduct',
    operationKey: key,
    variantId,
    warehouseId: wh,
    quantity,
    fromReserved: false,
    ...(sale ? { sale } : {}),
  });
  const moves = async (list: Record<string, unknown>[]) => {
    const res = await inv.internal('/stock/moves', { moves: list });
    return { status: res.status, body: await json(res) };
  };
  /** Rows of the ledger the orders' sales made, dated at `at` (as if sold then). */
  const dateSale = (orderId: string, at: string) =>
    inv.connection
      .collection('stock_valuation_entries')
      .updateMany({ orgId: ORG, orderId, kind: 'SALE' }, { $set: { at: new Date(at) } });

  beforeAll(async () => {
    inv = await startInventory(ORG);
    wh = await inv.warehouse('A');
    await inv.publishVariant('var_a', 'SKU-A', 'Hammer', new Date(), { productId: 'prd_1', categoryIds: [] });
    await inv.publishVariant('var_b', 'SKU-B', 'Saw', new Date(), { productId: 'prd_2', categoryIds: [] });
    await inv.readModelHas(['var_a', 'var_b']);
    const receipts: [string, number, number][] = [
      ['var_a', 10, 2],
      ['var_a', 10, 3],
      ['var_b', 10, 4],
      ['var_c', 5, 1],
    ];
    for (const [i, [variantId, quantity, unitCost]] of receipts.entries()) {
      const body = { operationKey: `po_1:ln_${i}:rcp_1`, variantId, warehouseId: wh, quantity, unitCost };
      expect((await inv.internal('/stock/receive', body)).status).toBe(201);
    }
    const sold = await moves([
      deduct('res_1:deduct', 'var_a', 5, { orderId: 'ord_1', channelId: 'ch_web', unitPrice: 6 }),
      deduct('res_2:deduct', 'var_b', 2, { orderId: 'ord_2', channelId: 'ch_pos', unitPrice: 7.5 }),
    ]);
    expect(sold.body.data.every((o: { ok: boolean }) => o.ok)).toBe(true);
    await dateSale('ord_1', noon);
    await dateSale('ord_2', `${yesterday}T18:00:00.000Z`);
    const later = await moves([
      deduct('res_3:deduct', 'var_a', 7, { orderId: 'ord_3', channelId: 'ch_web', unitPrice: 5 }),
      deduct('res_4:deduct', 'var_b', 1.5, { orderId: 'ord_4', channelId: 'ch_pos', unitPrice: 3.33 }),
      deduct('res_5:deduct', 'var_c', 1),
    ]);
    expect(later.body.data.every((o: { ok: boolean }) => o.ok)).toBe(true);
    await inv.adjust('var_a', wh, -1);
  });
  afterAll(() => inv.close());

  const report = async (query: string) => {
    const res = await inv.request('GET', `/reports/cogs${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  type Row = { key: string | null; quantity: number; revenue: number; cogs: number; grossMargin: number };
  /** A row as [key, quantity, revenue, cogs, gross margin, margin %]. */
  const rows = (body: { data: (Row & { marginPercent: number | null })[] }) =>
    body.data.map((g) => [g.key, g.quantity, g.revenue, g.cogs, g.grossMargin, g.marginPercent]);

  it('groups by channel by default over the last 30 days: a deduct without a sale under null', async () => {
    const body = await report('');
    expect(body).toMatchObject({ currency: 'USD', groupBy: 'channel', channelId: null, total: 3, limit: 50 });
    expect(rows(body)).toEqual([
      ['ch_pos', 3.5, 20, 14, 6, 30],
      ['ch_web', 12, 65, 26, 39, 60],
      [null, 1, 0, 1, -1, null],
    ]);
    expect(body).toMatchObject({
      totalQuantity: 16.5,
      totalRevenue: 85,
      totalCogs: 41,
      totalGrossMargin: 44,
      totalMarginPercent: 51.76,
    });
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(30 * DAY);
  });

  it('groups by product (from the variant read model) and by day (UTC)', async () => {
    expect(rows(await report('?groupBy=product'))).toEqual([
      ['prd_1', 12, 65, 26, 39, 60],
      ['prd_2', 3.5, 20, 14, 6, 30],
      [null, 1, 0, 1, -1, null],
    ]);
    expect(rows(await report('?groupBy=day'))).toEqual([
      [yesterday, 7, 45, 18, 27, 60],
      [today, 9.5, 40, 23, 17, 42.5],
    ]);
  });

  it('narrows to one channel, and pages the groups with the totals of them all', async () => {
    const web = await report('?channelId=ch_web&groupBy=day');
    expect(rows(web)).toEqual([
      [yesterday, 5, 30, 10, 20, 66.67],
      [today, 7, 35, 16, 19, 54.29],
    ]);
    expect(web).toMatchObject({ channelId: 'ch_web', totalRevenue: 65, totalCogs: 26 });
    const page = await report('?limit=1&offset=1');
    expect(rows(page)).toEqual([['ch_web', 12, 65, 26, 39, 60]]);
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1, totalRevenue: 85 });
  });

  it('takes both ends of the period: dates whole days, date-times as given, both included', async () => {
    expect(rows(await report(`?from=${today}`))).toEqual([
      ['ch_pos', 1.5, 5, 6, -1, -20],
      ['ch_web', 7, 35, 16, 19, 54.29],
      [null, 1, 0, 1, -1, null],
    ]);
    const day = await report(`?from=${yesterday}&to=${yesterday}`);
    expect(day).toMatchObject({ from: `${yesterday}T00:00:00.000Z`, to: `${yesterday}T23:59:59.999Z` });
    expect(rows(day).map((r) => r[0])).toEqual(['ch_pos', 'ch_web']);
    expect(rows(await report(`?from=${noon}&to=${noon}`))).toEqual([['ch_web', 5, 30, 10, 20, 66.67]]);
    const after = `${yesterday}T12:00:00.001Z`;
    expect(rows(await report(`?from=${after}&to=${yesterday}`))).toEqual([['ch_pos', 2, 15, 8, 7, 46.67]]);
  });

  it('counts a sale once: its key again is a replay, whatever sale it names', async () => {
    const again = await moves([
      deduct('res_3:deduct', 'var_a', 7, { orderId: 'ord_9', channelId: 'ch_other', unitPrice: 99 }),
    ]);
    expect(again.body.data).toEqual([{ operationKey: 'res_3:deduct', ok: true, replayed: true }]);
    expect(rows(await report('')).map((r) => r[0])).toEqual(['ch_pos', 'ch_web', null]);
    expect(await report('')).toMatchObject({ totalQuantity: 16.5, totalRevenue: 85, totalCogs: 41 });
  });

  it('refuses a sale whose price is not money (400 validation_failed)', async () => {
    const bad = await moves([
      deduct('res_6:deduct', 'var_a', 1, { orderId: 'ord_6', channelId: 'ch_web', unitPrice: 1.005 }),
    ]);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'validation_failed']);
  });

  it('refuses `from` after `to` (400 validation_failed naming from)', async () => {
    const res = await inv.request('GET', `/reports/cogs?from=${today}&to=${yesterday}`);
    expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
    expect(JSON.stringify(res.body.error.details)).toContain('from');
  });

  it.each([
    ['an unknown groupBy', '?groupBy=week'],
    ['from tomorrow', `?from=${new Date(Date.now() + DAY).toISOString().slice(0, 10)}`],
    ['to an hour from now', `?to=${new Date(Date.now() + 3_600_000).toISOString()}`],
    ['an unparsable from', '?from=last-week'],
    ['a to that does not exist', '?to=2026-02-30'],
    ['a channel id that is no id', '?channelId=..%2Fx'],
  ])('refuses %s (400 validation_failed)', async (_name, query) => {
    const res = await inv.request('GET', `/reports/cogs${query}`);
    expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
  });
});
