import { EXPORT_SOURCES } from '@stockyard/contracts';
import { exportRowsOf } from '@stockyard/testkit';
import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_export';
const OTHER = 'org_po_export_other';

type Row = Record<string, unknown> & { id: string; createdAt: string };

describe('POST /internal/v1/export-rows/purchasing (purchase orders)', () => {
  let h: Purchasing;
  const ids: Record<string, string> = {};
  const pages = exportRowsOf(() => h, 'purchasing');
  const rowsPage = (body: Record<string, unknown>) => pages.page({ resource: 'purchase_orders', ...body });
  /** Every page from the first, as the exports' worker reads them, and the rows' ids. */
  const readAll = async (filters: Record<string, unknown>, limit = 2) => {
    const read = await pages.readAll<Row>('purchase_orders', filters, limit);
    return { ...read, ids: read.rows.map((r) => r.id) };
  };

  beforeAll(async () => {
    h = await startPurchasing(ORG);
    const nordic = await h.supplier({ name: 'Nordic Parts' });
    const acme = await h.supplier({ name: 'Acme Supply' });
    const warehouseId = await h.warehouse();
    const bolt = await h.variant({ name: 'Bolt', sku: 'BOLT-M8', cost: 0.1 });
    const order = async (channelId: string, orderNumber: string) =>
      (await h.order({ channelId, warehouseId, orderNumber, lines: [{ variantId: bolt, quantity: 3 }] })).id as string;
    ids.a = await order(nordic, 'ALPHA-1');
    ids.b = await order(acme, 'BETA-2');
    ids.c = await order(nordic, 'GAMMA-3');
    ids.d = await order(acme, 'DELTA-4');
    ids.e = await order(nordic, 'EPSILON-5');
    await h.request('POST', `/purchase-orders/${ids.b}/submit`);
    ids.trashed = await order(acme, 'ZETA-6');
    await h.request('DELETE', `/purchase-orders/${ids.trashed}`);
    const theirs = (await h.catalog.request('POST', '/sources', { name: 'Theirs', currency: 'EUR' }, { orgId: OTHER }))
      .body.id;
    const other = await h.request(
      'POST',
      '/purchase-orders',
      { channelId: theirs, type: 'DROPSHIP' },
      { orgId: OTHER },
    );
    ids.other = other.body.id;
    Object.assign(ids, { nordic, acme });
  }, 60_000);
  afterAll(() => h.close());

  it('reads live orders oldest first, page after page, each once, as the list answers them', async () => {
    const { rows, pages } = await readAll({});
    expect(pages).toBe(3);
    expect(rows.map((r) => r.id)).toEqual([ids.a, ids.b, ids.c, ids.d, ids.e]);
    expect(rows.map((r) => r.createdAt)).toEqual(rows.map((r) => r.createdAt).sort());
    const list = await h.request('GET', '/purchase-orders?sortBy=createdAt&sortOrder=asc');
    expect(rows).toEqual(list.body.data);
  });

  it('leaves out another organization’s orders and the trash', async () => {
    expect(ids.other).toMatch(/^po_/);
    const { ids: read } = await readAll({}, 1000);
    expect(read).not.toContain(ids.other);
    expect(read).not.toContain(ids.trashed);
  });

  it('answers each row in the purchase order record', async () => {
    const { rows } = await readAll({});
    for (const row of rows) expect(EXPORT_SOURCES.purchase_orders.record.strict().parse(row)).toEqual(row);
    expect(rows[0]).toMatchObject({ orderNumber: 'ALPHA-1', lines: [{ quantity: 3, sku: 'BOLT-M8' }] });
  });

  it('filters as the list does: by supplier, by status, and by search through the term index', async () => {
    expect((await readAll({ channelId: ids.nordic })).ids).toEqual([ids.a, ids.c, ids.e]);
    expect((await readAll({ status: 'SUBMITTED' })).ids).toEqual([ids.b]);
    expect((await readAll({ search: 'delt' })).ids).toEqual([ids.d]);
    expect((await readAll({ search: 'bolt-m', channelId: ids.acme })).ids).toEqual([ids.b, ids.d]);
    expect((await readAll({ hasAttachment: 'true' })).ids).toEqual([]);
  });

  it('refuses a filter the list does not take with 400 validation_failed', async () => {
    for (const filters of [{ status: 'OPEN' }, { sortBy: 'createdAt' }, { hasInvoice: 'maybe' }]) {
      const res = await rowsPage({ filters, limit: 10 });
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
    }
  });

  it('refuses a cursor it did not give with 400 naming `after`', async () => {
    const res = await rowsPage({ after: 'bm90LWEtY3Vyc29y', limit: 10 });
    expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'after' })]);
  });

  it('answers 404 for a resource another service keeps', async () => {
    const res = await rowsPage({ resource: 'invoices', limit: 10 });
    expect(res.status).toBe(404);
  });
});
