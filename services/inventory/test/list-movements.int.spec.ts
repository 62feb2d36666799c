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

  it('pages through `next` cursors in the order of the offsets, ties included, counting on request', async () => {
    // Rows written straight to the ledger: several at the same instant, so the cursor's _id settles ties.
    const at = Date.parse('2026-01-01T00:00:00Z');
    await inv.connection.collection('stock_movements').insertMany(
      Array.from({ length: 23 }, (_, i) => ({
        _id: `mov_cursor_${String(i).padStart(2, '0')}`,
        orgId: 'org_movements',
        type: 'ADJUSTMENT',
        variantId: i % 2 ? 'var_c1' : 'var_c2',
        warehouseId: wh,
        binId: null,
        quantity: 1,
        reason: 'cursor test',
        onHandAfter: i,
        reference: null,
        createdAt: new Date(at + Math.floor(i / 4) * 1000),
      })) as never[],
    );
    const ids = (page: { data: { id: string }[] }) => page.data.map((m) => m.id);
    const walk = async (route: string, limit: number) => {
      const seen: string[] = [];
      let page = await json(await inv.request('GET', `${route}${route.includes('?') ? '&' : '?'}limit=${limit}`));
      expect(page.total).toBeGreaterThan(0); // the first page counts
      for (;;) {
        seen.push(...ids(page));
        if (!page.next) return seen;
        const sep = route.includes('?') ? '&' : '?';
        page = await json(await inv.request('GET', `${route}${sep}limit=${limit}&startingAfter=${page.next}`));
        expect(page.total).toBeUndefined(); // cursor pages do not count unless asked
        expect(page.data.length).toBeGreaterThan(0);
      }
    };
    for (const route of [
      '/stock/movements',
      '/stock/movements?variantId=var_c1',
      `/warehouses/${wh}/stock/movements`,
    ]) {
      const all = await json(await inv.request('GET', `${route}${route.includes('?') ? '&' : '?'}limit=200`));
      expect(all.next).toBeNull();
      for (const limit of [1, 4, 5]) await expect(walk(route, limit)).resolves.toEqual(ids(all));
    }
    const first = await json(await inv.request('GET', '/stock/movements?limit=3'));
    const counted = await json(
      await inv.request('GET', `/stock/movements?limit=3&startingAfter=${first.next}&includeTotal=true`),
    );
    expect(counted.total).toBe(first.total);
    const uncounted = await json(await inv.request('GET', '/stock/movements?limit=3&includeTotal=false'));
    expect(uncounted.total).toBeUndefined();
    expect(ids(uncounted)).toEqual(ids(first));
  });

  it('refuses a cursor it did not give, and a cursor with an offset, with 400', async () => {
    const first = await json(await inv.request('GET', '/stock/movements?limit=1'));
    for (const query of [
      'startingAfter=bm90LWEtY3Vyc29y',
      'startingAfter=%25%25',
      `startingAfter=${first.next}&offset=2`,
    ]) {
      const res = await inv.request('GET', `/stock/movements?${query}`);
      expect(res.status).toBe(400);
      expect((await json(res)).error.code).toBe('validation_failed');
    }
  });

  it('rejects an unknown movement type and a limit above 200 with 400', async () => {
    expect((await inv.request('GET', '/stock/movements?type=THEFT')).status).toBe(400);
    expect((await inv.request('GET', '/stock/movements?limit=201')).status).toBe(400);
  });
});
