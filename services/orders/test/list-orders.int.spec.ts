import { newEvent } from '@stockyard/service-kit';
import { eventually } from '@stockyard/testkit';
import { startOrders, type Orders } from './support/orders';

const ORG = 'org_list_orders';
const OTHER = 'org_list_orders_other';

describe('GET /orders: filters, search, dates, paging, sort, blocked on build', () => {
  let h: Orders;
  const ids: Record<string, string> = {};
  let api: string;
  let web: string;
  let assembly: { id: string; sku: string };
  const list = async (query: string) => {
    const res = await h.request('GET', `/orders${query}`);
    if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
    return res.body;
  };
  const idsOf = async (query: string) => (await list(query)).data.map((o: { id: string }) => o.id);

  beforeAll(async () => {
    h = await startOrders(ORG);
    api = await h.channel({ name: 'Partner A' });
    web = await h.channel({ name: 'Partner B' });
    assembly = await h.variant({ name: 'Desk kit', type: 'ASSEMBLY', sku: 'DESK-KIT' });
    const line = (sku: string, quantity = 1) => ({ sku, quantity, unitPrice: 5 });
    ids.a = (
      await h.order({
        channelId: api,
        channelOrderId: 'WEB-1001',
        orderedAt: '2026-01-10T10:00:00Z',
        customer: { name: 'Grace Hopper', email: 'grace@navy.test' },
        lines: [line('NAIL-10')],
      })
    ).id;
    ids.b = (
      await h.order({
        channelId: web,
        channelOrderId: 'B-2002',
        status: 'PENDING',
        orderedAt: '2026-02-10T10:00:00Z',
        customer: { name: 'Alan Turing', email: 'alan@bletchley.test' },
        lines: [line('BOLT-7')],
      })
    ).id;
    ids.c = (
      await h.order({
        channelId: api,
        channelOrderId: 'C-3003',
        orderedAt: '2026-03-10T10:00:00Z',
        lines: [line('DESK-KIT', 3)],
      })
    ).id;
    await h.request(
      'POST',
      '/orders',
      { channelId: await h.channel({}, OTHER), channelOrderId: 'WEB-1001', lines: [line('X')] },
      { orgId: OTHER },
    );
  });
  afterAll(() => h.close());

  it('lists live orders newest ordered first, with the brief’s envelope', async () => {
    expect(await list('')).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(await idsOf('')).toEqual([ids.c, ids.b, ids.a]);
  });

  it('filters by channel, status, both', async () => {
    expect(await idsOf(`?channelId=${api}`)).toEqual([ids.c, ids.a]);
    expect(await idsOf('?status=PENDING')).toEqual([ids.b]);
    expect(await idsOf(`?channelId=${api}&status=PENDING`)).toEqual([]);
  });

  it('filters by the ordered date (startDate and endDate, dates or date-times)', async () => {
    expect(await idsOf('?startDate=2026-02-01')).toEqual([ids.c, ids.b]);
    expect(await idsOf('?endDate=2026-02-10T10:00:00Z')).toEqual([ids.b, ids.a]);
    expect(await idsOf('?startDate=2026-02-01&endDate=2026-02-28')).toEqual([ids.b]);
  });

  it.each([
    ['the channel order id', 'web-10', ['a']],
    ['a word of it', '3003', ['c']],
    ['the customer’s name', 'turing', ['b']],
    ['the customer’s e-mail', 'grace@navy', ['a']],
    ['a line’s SKU', 'bolt', ['b']],
    ['nothing known', 'zzz', []],
  ])('searches by %s', async (_, search, expected) => {
    expect(await idsOf(`?search=${encodeURIComponent(search)}`)).toEqual(expected.map((k) => ids[k]));
  });

  it('pages with limit/offset and the take/skip aliases, and sorts', async () => {
    expect(await list('?limit=1&offset=1')).toMatchObject({ total: 3, limit: 1, offset: 1, data: [{ id: ids.b }] });
    expect(await list('?take=2&skip=2')).toMatchObject({ limit: 2, offset: 2, data: [{ id: ids.a }] });
    expect(await idsOf('?sortBy=orderedAt&sortOrder=asc')).toEqual([ids.a, ids.b, ids.c]);
    expect(await idsOf('?sortBy=createdAt')).toEqual([ids.c, ids.b, ids.a]);
  });

  it('refuses a bad filter, sort or page with 400 validation_failed', async () => {
    for (const q of ['?status=LOST', '?sortBy=total', '?limit=500', '?startDate=yesterday', '?blockedOnBuild=yes']) {
      const res = await h.request('GET', `/orders${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('blockedOnBuild: an open order wanting more of an ASSEMBLY than is available, until there is enough', async () => {
    expect(await idsOf('?blockedOnBuild=true')).toEqual([ids.c]);
    expect(await idsOf('?blockedOnBuild=false')).toEqual([ids.b, ids.a]);
    expect((await h.request('GET', `/orders/${ids.c}`)).body.blockedOnBuild).toBe(true);
    const available = { orgId: ORG, variantId: assembly.id, oldAvailable: 0, newAvailable: 3 };
    await h.broker.publish(newEvent('inventory.availability_changed', available));
    await eventually(async () => ((await idsOf('?blockedOnBuild=true')).length === 0 ? true : undefined));
    expect((await h.request('GET', `/orders/${ids.c}`)).body.blockedOnBuild).toBe(false);
  });

  it('reads inventory’s stock of an assembly when the order arrives', async () => {
    const warehouseId = (await h.inventory!.request('POST', '/warehouses', { name: 'Main' })).body.id;
    const adjust = { variantId: assembly.id, warehouseId, quantity: 5, reason: 'built' };
    expect((await h.inventory!.request('POST', '/stock/adjust', adjust)).status).toBe(201);
    const small = await h.order({ channelId: api, channelOrderId: 'D-1', lines: [{ sku: 'DESK-KIT', quantity: 5 }] });
    const large = await h.order({ channelId: api, channelOrderId: 'D-2', lines: [{ sku: 'DESK-KIT', quantity: 6 }] });
    expect(small.blockedOnBuild).toBe(false);
    expect(large.blockedOnBuild).toBe(true);
  });
});
