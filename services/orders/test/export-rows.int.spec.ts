import { EXPORT_SOURCES } from '@stockyard/contracts';
import { exportRowsOf } from '@stockyard/testkit';
import { holdsOf, stockedChannel, stockUp } from './support/holds';
import { startOrders, type Orders } from './support/orders';

const ORG = 'org_orders_export';
const OTHER = 'org_orders_export_other';

type Row = Record<string, unknown> & { id: string };
type Resource = 'orders' | 'holds';

describe('POST /internal/v1/export-rows/orders (orders, holds)', () => {
  let h: Orders;
  const ids: Record<string, string> = {};
  const holdIds: string[] = [];
  const { page: rowsPage, readAll: readPages } = exportRowsOf(() => h, 'orders');
  /** Every page from the first, as the exports' worker reads them, and the rows' ids. */
  const readAll = async (resource: Resource, filters: Record<string, unknown> = {}, limit = 2) => {
    const read = await readPages<Row>(resource, filters, limit);
    return { ...read, ids: read.rows.map((r) => r.id) };
  };
  /** GET /orders' rows for the same filters, the oldest ordered first. */
  const listed = async (query = '') =>
    (await h.ok(await h.request('GET', `/orders?sortOrder=asc${query}`), 'list')).data as Row[];
  const line = (sku: string) => ({ sku, quantity: 1, unitPrice: 5 });

  beforeAll(async () => {
    h = await startOrders(ORG, { env: { HOLD_SWEEP_MS: '0' } });
    const api = await h.channel({ name: 'Partner A' });
    const web = await h.channel({ name: 'Partner B' });
    const order = async (body: Record<string, unknown>) => (await h.order(body)).id as string;
    // Pushed out of their ordered order: an export reads them by `orderedAt`.
    ids.b = await order({
      channelId: web,
      channelOrderId: 'B-2002',
      status: 'PENDING',
      orderedAt: '2026-02-10T10:00:00Z',
      customer: { name: 'Alan Turing', email: 'alan@bletchley.test' },
      lines: [line('BOLT-7')],
    });
    ids.a = await order({
      channelId: api,
      channelOrderId: 'WEB-1001',
      orderedAt: '2026-01-10T10:00:00Z',
      customer: { name: 'Grace Hopper', email: 'grace@navy.test' },
      lines: [line('NAIL-10')],
    });
    ids.d = await order({ channelId: web, channelOrderId: 'D-4004', orderedAt: '2026-04-10', lines: [line('NUT')] });
    ids.c = await order({ channelId: api, channelOrderId: 'C-3003', orderedAt: '2026-03-10', lines: [line('X')] });
    ids.e = await order({ channelId: api, channelOrderId: 'E-5005', orderedAt: '2026-05-10', lines: [line('X')] });
    ids.trashed = await order({ channelId: web, channelOrderId: 'T-1', status: 'CANCELLED', lines: [line('X')] });
    await h.ok(await h.request('DELETE', `/orders/by-status?channelId=${web}&status=CANCELLED&dryRun=false`), 'trash');
    Object.assign(ids, { api, web });
    await heldOrders();
    await otherOrganization();
  }, 60_000);
  afterAll(() => h.close());

  /** Two orders on a stocked channel: three holds, two of one variant. */
  async function heldOrders() {
    const { channelId, variant, warehouseId } = await stockedChannel(h, 10);
    const nut = await h.variant({ name: 'Nut' });
    await stockUp(h, nut.id, warehouseId, 10);
    const held = (ref: string, orderedAt: string, variantIds: string[]) => {
      const lines = variantIds.map((variantId, i) => ({
        channelLineId: `L${i}`,
        variantId,
        quantity: 2,
        unitPrice: 5,
      }));
      return h.order({ channelId, channelOrderId: ref, orderedAt, lines });
    };
    ids.held1 = (await held('H-1', '2026-06-10', [variant.id, nut.id])).id;
    ids.held2 = (await held('H-2', '2026-07-10', [variant.id])).id;
    for (const id of [ids.held1!, ids.held2!]) holdIds.push(...(await holdsOf(h, id)).map((r: Row) => r.id));
    Object.assign(ids, { variant: variant.id, nut: nut.id, warehouse: warehouseId });
  }

  /** Another organization's order, with a hold of a variant of its own. */
  async function otherOrganization() {
    const as = { orgId: OTHER };
    const product = await h.ok(await h.catalog.request('POST', '/products', { name: 'Theirs' }, as), 'product');
    const lines = [{ channelLineId: 'L1', variantId: product.variants[0].id, quantity: 1, unitPrice: 5 }];
    const res = await h.push({ channelId: await h.channel({}, OTHER), channelOrderId: 'WEB-1001', lines }, as);
    ids.other = (await h.ok(res, 'their order')).id;
    const holds = await h.ok(await h.request('GET', `/orders/${ids.other}/reservations`, undefined, as), 'holds');
    ids.otherHold = holds.data[0].id;
  }

  it('reads live orders, the oldest ordered first, page after page, each once, as the list does', async () => {
    const { rows, pages } = await readAll('orders');
    expect(pages).toBe(4);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'held1', 'held2'].map((k) => ids[k]));
    expect(rows).toEqual(await listed());
  });

  it('reads the holds, any status, oldest first, as an order’s reservations show them', async () => {
    const { rows, pages } = await readAll('holds');
    expect(pages).toBe(2);
    expect(holdIds).toHaveLength(3);
    expect(rows.map((r) => r.id)).toEqual(holdIds);
    const shown = (await holdsOf(h, ids.held1!)).concat(await holdsOf(h, ids.held2!));
    expect(rows).toEqual(shown);
  });

  it('leaves out another organization’s orders and holds, and the trash', async () => {
    expect([ids.other, ids.otherHold]).toEqual([expect.stringMatching(/^ord_/), expect.stringMatching(/^res_/)]);
    const orders = (await readAll('orders', {}, 1000)).ids;
    expect(orders).not.toContain(ids.other);
    expect(orders).not.toContain(ids.trashed);
    expect((await readAll('holds', {}, 1000)).ids).not.toContain(ids.otherHold);
  });

  it('answers each row in the resource’s record', async () => {
    for (const resource of ['orders', 'holds'] as const) {
      const { rows } = await readAll(resource, {}, 1000);
      const record = EXPORT_SOURCES[resource].record.strict();
      for (const row of rows) expect(record.parse(row)).toEqual(row);
    }
  });

  it('filters orders as the list does: channel, status, dates, search (its index first)', async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{ channelId: ids.api! }, ['a', 'c', 'e']],
      [{ status: 'PENDING' }, ['b']],
      [{ startDate: '2026-02-01', endDate: '2026-04-10T10:00:00Z' }, ['b', 'c', 'd']],
      [{ search: 'turing' }, ['b']],
      [{ search: 'web-10' }, ['a']],
    ];
    for (const [filters, expected] of cases) {
      const { rows } = await readAll('orders', filters);
      expect([filters, rows.map((r) => r.id)]).toEqual([filters, expected.map((k) => ids[k])]);
      expect(rows).toEqual(await listed(`&${new URLSearchParams(filters).toString()}`));
    }
  });

  it('filters holds by order, variant, warehouse and status', async () => {
    const of = async (filters: Record<string, string>) => (await readAll('holds', filters)).ids;
    expect(await of({ orderId: ids.held2! })).toEqual(holdIds.slice(2));
    expect(await of({ variantId: ids.nut! })).toHaveLength(1);
    expect(await of({ variantId: ids.variant!, warehouseId: ids.warehouse! })).toHaveLength(2);
    expect(await of({ status: 'PENDING' })).toEqual(holdIds);
    expect(await of({ status: 'CANCELLED' })).toEqual([]);
  });

  it('refuses a filter the list does not take with 400 validation_failed', async () => {
    for (const [resource, filters] of [
      ['orders', { startDate: 'yesterday' }],
      ['orders', { sortBy: 'orderedAt' }],
      ['holds', { status: 'OPEN' }],
      ['holds', { lineId: 'L1' }],
    ] as const) {
      const res = await rowsPage({ resource, filters, limit: 10 });
      expect([resource, res.status, res.body.error.code]).toEqual([resource, 400, 'validation_failed']);
    }
  });

  it('answers 404 for a resource another service keeps', async () => {
    const res = await rowsPage({ resource: 'products', limit: 10 });
    expect(res.status).toBe(404);
  });
});
