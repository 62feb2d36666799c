import { startService } from '@stockyard/testkit';
import { startCatalog, type Catalog } from '../../catalog/test/support/catalog';
import { purchasing } from '../../purchasing/src/app';
import { startInventory, type Inventory } from './support/inventory';
import { latePeer } from './support/late-peer';

const ORG = 'org_reorder_suggestions';
const DAY = 86_400_000;

/**
 * GET /reports/reorder-suggestions with the real catalog (its suppliers) and the real purchasing (what
 * is on order; it calls this inventory back for warehouses, so it is reached through `latePeer`): the
 * hammer at A sold 10 40 days ago and 20 since, min 80 / max 120 on its stock row, 70 available; at B
 * 5 and no sales. The saw at B sold 15 of 20 in the window, no min/max, its preferred supplier's lead
 * time is 10 days at 2.50 EUR. A deleted warehouse C has no rows. Nothing is on order until a test
 * orders some.
 */
describe('GET /reports/reorder-suggestions', () => {
  let c: Catalog;
  let inv: Inventory;
  let p: Awaited<ReturnType<typeof startService>>;
  let link: Awaited<ReturnType<typeof latePeer>>;
  let a: string;
  let b: string;
  let hammer: string;
  let saw: string;
  let source: string;
  let closed = false;
  let purchasingClosed = false;
  beforeAll(async () => {
    c = await startCatalog(ORG, {
      permissions: ['products.read', 'products.write', 'variants.read', 'variants.write', 'sources.write'],
    });
    link = await latePeer();
    inv = await startInventory(ORG, { env: { CATALOG_URL: c.url, PURCHASING_URL: link.url } });
    p = await startService(purchasing, {
      orgId: ORG,
      permissions: ['pos.read', 'pos.write'],
      tap: ['none.#'],
      env: { CATALOG_URL: c.url, INVENTORY_URL: inv.url },
    });
    link.to(p.url);
    hammer = c.variantOf(await c.product({ name: 'Hammer' }));
    saw = c.variantOf(await c.product({ name: 'Saw' }));
    source = (await c.request('POST', '/sources', { name: 'Acme', currency: 'EUR', leadTimeDays: 10 })).body.id;
    const skus = [{ sku: 'ACME-SAW', cost: 2.5, variantId: saw, preferred: true }];
    expect((await c.request('POST', `/sources/${source}/skus`, { skus })).status).toBe(200);
    [a, b] = [await inv.warehouse('A'), await inv.warehouse('B')];
    const move = async (route: 'receive' | 'deduct', key: string, variantId: string, wh: string, quantity: number) => {
      const body = {
        operationKey: key,
        variantId,
        warehouseId: wh,
        quantity,
        ...(route === 'deduct' ? { fromReserved: false } : {}),
      };
      const res = await inv.internal(`/stock/${route}`, body);
      if (res.status !== 201) throw new Error(`${route} failed: ${res.status} ${await res.text()}`);
    };
    await move('receive', 'po_1:ln_1:rc_1', hammer, a, 100);
    await move('deduct', 'res_old:deduct', hammer, a, 10);
    const movements = inv.connection.collection('stock_movements');
    await movements.updateOne(
      { orgId: ORG, variantId: hammer, type: 'SALE' },
      { $set: { createdAt: new Date(Date.now() - 40 * DAY) } },
    );
    await move('deduct', 'res_1:deduct', hammer, a, 12);
    await move('deduct', 'res_2:deduct', hammer, a, 8);
    await move('receive', 'po_1:ln_2:rc_1', hammer, b, 5);
    await move('receive', 'po_2:ln_1:rc_1', saw, b, 20);
    await move('deduct', 'res_3:deduct', saw, b, 15);
    const item = await inv.request('PATCH', `/stock/items/${hammer}/${a}`, { minQuantity: 80, maxQuantity: 120 });
    expect(item.status).toBe(200);
  });
  afterAll(async () => {
    if (!purchasingClosed) await p.close();
    await link.close();
    await inv.close();
    if (!closed) await c.close();
  });

  const report = async (query = '') => {
    const res = await inv.request('GET', `/reports/reorder-suggestions${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const rowOf = (body: { data: { variantId: string; warehouseId: string }[] }, variantId: string, wh: string) =>
    body.data.find((r) => r.variantId === variantId && r.warehouseId === wh);

  it('lists each variant at each warehouse with a stock row: velocity, cover, supplier, suggestion', async () => {
    const body = await report();
    expect(body).toMatchObject({ days: 30, warehouseId: null, total: 3, limit: 50, offset: 0 });
    expect(Date.parse(body.asOf) - Date.parse(body.from)).toBe(30 * DAY);
    const keys = body.data.map((r: { variantId: string; warehouseId: string }) => `${r.variantId} ${r.warehouseId}`);
    expect(keys).toEqual([...keys].sort());
    expect(rowOf(body, hammer, a)).toEqual({
      variantId: hammer,
      sku: null,
      name: null,
      warehouseId: a,
      onHand: 70,
      reserved: 0,
      available: 70,
      minQuantity: 80,
      maxQuantity: 120,
      sold: 20,
      velocity: 0.6667,
      daysOfCover: 105,
      incoming: 0,
      sourceChannelId: null,
      supplierSku: null,
      leadTimeDays: null,
      unitCost: null,
      currency: null,
      rule: 'min_max',
      suggestedQuantity: 50,
    });
    expect(rowOf(body, hammer, b)).toMatchObject({ available: 5, sold: 0, velocity: 0, daysOfCover: null });
    expect(rowOf(body, hammer, b)).toMatchObject({ rule: 'velocity', suggestedQuantity: 0 });
    // 15 sold in 30 days: 0.5 a day; cover of the lead time + the window, 40 days, is 20, less 5 available.
    expect(rowOf(body, saw, b)).toMatchObject({
      available: 5,
      sold: 15,
      velocity: 0.5,
      daysOfCover: 10,
      sourceChannelId: source,
      supplierSku: 'ACME-SAW',
      leadTimeDays: 10,
      unitCost: 2.5,
      currency: 'EUR',
      rule: 'velocity',
      suggestedQuantity: 15,
    });
  });

  it('reads the sales of the window asked: 60 days take the older sale in', async () => {
    const body = await report('?days=60');
    expect(body.days).toBe(60);
    expect(rowOf(body, hammer, a)).toMatchObject({ sold: 30, velocity: 0.5, daysOfCover: 140 });
    // 0.25 a day over 70 days (10 + 60) is 17.5, up to 18, less 5.
    expect(rowOf(body, saw, b)).toMatchObject({ velocity: 0.25, suggestedQuantity: 13 });
  });

  it('reports one warehouse, and pages', async () => {
    const body = await report(`?warehouseId=${b}`);
    expect(body).toMatchObject({ warehouseId: b, total: 2 });
    expect(body.data.map((r: { warehouseId: string }) => r.warehouseId)).toEqual([b, b]);
    const page = await report('?limit=1&offset=1');
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.data).toHaveLength(1);
  });

  it('pages through the pairs of every warehouse in variant then warehouse order, each once', async () => {
    const keysOf = (body: { data: { variantId: string; warehouseId: string }[] }) =>
      body.data.map((r) => `${r.variantId} ${r.warehouseId}`);
    const all = keysOf(await report());
    for (const limit of [1, 2]) {
      const pages = [];
      for (let offset = 0; offset < 4; offset += limit) pages.push(await report(`?limit=${limit}&offset=${offset}`));
      expect(pages.every((p) => p.total === 3)).toBe(true);
      expect(pages.flatMap(keysOf)).toEqual(all);
    }
  });

  it('has no rows for a deleted warehouse', async () => {
    const gone = await inv.warehouse('Gone');
    expect((await inv.request('DELETE', `/warehouses/${gone}`)).status).toBe(204);
    expect(await report(`?warehouseId=${gone}`)).toMatchObject({ data: [], total: 0 });
  });

  it("subtracts what is on order (incoming): a submitted order's and a draft's, not a dropship's", async () => {
    const order = async (warehouseId: string, variantId: string, quantity: number, type = 'STANDARD') => {
      const lines = [{ variantId, quantity, unitCost: 2.5 }];
      const res = await p.request('POST', '/purchase-orders', { channelId: source, warehouseId, type, lines });
      if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
      return res.body.id as string;
    };
    const submitted = await order(b, saw, 6);
    expect((await p.request('POST', `/purchase-orders/${submitted}/submit`)).status).toBe(201);
    await order(a, hammer, 5);
    const dropship = await order(a, hammer, 40, 'DROPSHIP');
    expect((await p.request('POST', `/purchase-orders/${dropship}/submit`)).status).toBe(201);

    const body = await report();
    // 70 available + 5 on order is still below the min (80): up to the max, 120 − 75.
    expect(rowOf(body, hammer, a)).toMatchObject({
      available: 70,
      incoming: 5,
      rule: 'min_max',
      suggestedQuantity: 45,
    });
    expect(rowOf(body, hammer, b)).toMatchObject({ incoming: 0, suggestedQuantity: 0 });
    // The cover of 40 days is 20: less 5 available and 6 on order.
    expect(rowOf(body, saw, b)).toMatchObject({ incoming: 6, rule: 'velocity', suggestedQuantity: 9, daysOfCover: 10 });
    const atB = await report(`?warehouseId=${b}`);
    expect(atB.data.map((r: { incoming: number }) => r.incoming).sort()).toEqual([0, 6]);
    expect(rowOf(atB, saw, b)).toMatchObject({ incoming: 6, suggestedQuantity: 9 });
  });

  it('with purchasing down: 503 dependency_unavailable (an empty page asks nothing)', async () => {
    await p.close();
    purchasingClosed = true;
    const res = await inv.request('GET', '/reports/reorder-suggestions');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('dependency_unavailable');
    expect(await report('?offset=10')).toMatchObject({ data: [], total: 3 });
  });

  it.each([
    ['an unknown warehouse', () => '?warehouseId=wh_unknown'],
    [
      'a warehouse of another organization',
      async () => {
        const theirs = await inv.request('POST', '/warehouses', { name: 'Theirs' }, { orgId: `${ORG}_2` });
        return `?warehouseId=${theirs.body.id}`;
      },
    ],
  ])('answers 404 resource_not_found for %s', async (_name, query) => {
    const res = await inv.request('GET', `/reports/reorder-suggestions${await query()}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('resource_not_found');
  });

  it.each([['0'], ['366'], ['1.5'], ['a-month'], ['']])('refuses days=%s (400 validation_failed)', async (days) => {
    const res = await inv.request('GET', `/reports/reorder-suggestions?days=${days}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['days']);
  });

  it('with the catalog down: 503 dependency_unavailable', async () => {
    await c.close();
    closed = true;
    const res = await inv.request('GET', '/reports/reorder-suggestions');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('dependency_unavailable');
  });
});
