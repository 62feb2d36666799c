import { EXPORT_SOURCES } from '@stockyard/contracts';
import { exportRowsOf } from '@stockyard/testkit';
import { startInvoicing, type Invoicing } from './support/invoicing';

const ORG = 'org_invoices_export';
const OTHER = 'org_invoices_export_other';

type Row = Record<string, unknown> & { id: string; createdAt: string };
type Resource = 'invoices' | 'landed_costs';

describe('POST /internal/v1/export-rows/invoicing (invoices, landed costs)', () => {
  let h: Invoicing;
  const ids: Record<string, string> = {};
  const { page: rowsPage, readAll: readPages } = exportRowsOf(() => h, 'invoicing');
  /** Every page from the first, as the exports' worker reads them, and the rows' ids. */
  const readAll = async (resource: Resource, filters: Record<string, unknown> = {}, limit = 2) => {
    const read = await readPages<Row>(resource, filters, limit);
    return { ...read, ids: read.rows.map((r) => r.id) };
  };
  /** GET /invoices' rows for the same filters, oldest first. */
  const listed = async (query = '') =>
    (await h.ok(await h.request('GET', `/invoices?sortBy=createdAt&sortOrder=asc${query}`), 'list')).data as Row[];

  beforeAll(async () => {
    h = await startInvoicing(ORG);
    const nordic = await h.vendor({ name: 'Nordic Parts' });
    const acme = await h.vendor({ name: 'Acme Supply' });
    const poA = await h.order([{ quantity: 5, unitCost: 2 }], nordic);
    const poB = await h.order([{ quantity: 5, unitCost: 2 }], acme);
    const line = (quantity: number) => [{ quantity, unitCost: 1 }];
    const invoice = async (body: Record<string, unknown>) =>
      (await h.invoice({ lines: line(1), ...body })).id as string;
    ids.a = await invoice({ purchaseOrderId: poA.id, invoiceNumber: 'ALPHA-1' });
    ids.b = await invoice({ purchaseOrderId: poB.id, invoiceNumber: 'BETA-2' });
    ids.c = await invoice({ invoiceType: 'CREDIT_MEMO', channelId: acme, invoiceNumber: 'GAMMA-3' });
    ids.d = await invoice({ purchaseOrderId: poA.id, invoiceNumber: 'DELTA-4' });
    ids.e = await invoice({ purchaseOrderId: poB.id, invoiceNumber: 'EPSILON-5' });
    await h.ok(await h.request('POST', `/invoices/${ids.b}/mark-paid`, {}), 'pay');
    await h.settings({ invoiceWorkflow: 'advanced' });
    ids.trashed = await invoice({ purchaseOrderId: poA.id, invoiceNumber: 'ZETA-6' });
    await h.settings({ invoiceWorkflow: 'simple' });
    await h.ok(await h.request('DELETE', `/invoices/${ids.trashed}`), 'trash');
    const cost = async (poId: string, description: string) => {
      const body = { description, amount: 10, allocationMethod: 'MANUAL' };
      return (await h.ok(await h.request('POST', `/purchase-orders/${poId}/landed-costs`, body), 'cost')).id as string;
    };
    ids.freight = await cost(poA.id, 'Freight');
    ids.duty = await cost(poB.id, 'Duty');
    ids.handling = await cost(poA.id, 'Handling');
    ids.insurance = await cost(poB.id, 'Insurance');
    ids.removed = await cost(poA.id, 'Removed');
    await h.ok(await h.request('DELETE', `/landed-costs/${ids.removed}`), 'delete cost');
    Object.assign(ids, { nordic, acme, poA: poA.id, poB: poB.id });
    await otherOrganization();
  }, 120_000);
  afterAll(() => h?.close());

  /** Another organization's credit memo and landed cost (on a DROPSHIP order of its own). */
  async function otherOrganization() {
    await h.gateway.connection.model('Organization').create({ _id: OTHER, name: 'Other Org' });
    const as = { orgId: OTHER };
    const source = { name: 'Theirs', currency: 'EUR' };
    const vendor = (await h.ok(await h.purchasing.catalog.request('POST', '/sources', source, as), 'source')).id;
    const memo = { invoiceType: 'CREDIT_MEMO', channelId: vendor, invoiceNumber: 'THEIRS-1', lines: [] };
    ids.otherInvoice = (await h.ok(await h.request('POST', '/invoices', memo, as), 'their memo')).id;
    const dropship = { channelId: vendor, type: 'DROPSHIP' };
    const po = (await h.ok(await h.purchasing.request('POST', '/purchase-orders', dropship, as), 'their order')).id;
    const body = { description: 'Theirs', amount: 5, allocationMethod: 'MANUAL' };
    const path = `/purchase-orders/${po}/landed-costs`;
    ids.otherCost = (await h.ok(await h.request('POST', path, body, as), 'their cost')).id;
  }

  it('reads live invoices oldest first, page after page, each once, as the list answers them', async () => {
    const { rows, pages } = await readAll('invoices');
    expect(pages).toBe(3);
    expect(rows.map((r) => r.id)).toEqual([ids.a, ids.b, ids.c, ids.d, ids.e]);
    expect(rows).toEqual(await listed());
  });

  it("reads the organization's landed costs oldest first, each once, as the order's list answers them", async () => {
    const { rows, pages } = await readAll('landed_costs');
    expect(pages).toBe(2);
    expect(rows.map((r) => r.id)).toEqual([ids.freight, ids.duty, ids.handling, ids.insurance]);
    const ofA = await h.ok(await h.request('GET', `/purchase-orders/${ids.poA}/landed-costs`), 'costs');
    expect(rows.filter((r) => r.purchaseOrderId === ids.poA)).toEqual(ofA);
  });

  it('leaves out another organization’s records, the trash and deleted costs', async () => {
    expect([ids.otherInvoice, ids.otherCost]).toEqual([expect.any(String), expect.any(String)]);
    const invoices = (await readAll('invoices', {}, 1000)).ids;
    expect(invoices).not.toContain(ids.otherInvoice);
    expect(invoices).not.toContain(ids.trashed);
    const costs = (await readAll('landed_costs', {}, 1000)).ids;
    expect(costs).not.toContain(ids.otherCost);
    expect(costs).not.toContain(ids.removed);
  });

  it('answers each row in the resource’s record', async () => {
    for (const resource of ['invoices', 'landed_costs'] as const) {
      const { rows } = await readAll(resource, {}, 1000);
      const record = EXPORT_SOURCES[resource].record.strict();
      for (const row of rows) expect(record.parse(row)).toEqual(row);
    }
  });

  it('filters invoices as the list does: statuses, type, vendor, order, search (its index first)', async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{ status: 'PAID' }, ['b']],
      [{ status: 'outstanding,paid', invoiceType: 'INVOICE' }, ['a', 'b', 'd', 'e']],
      [{ invoiceType: 'CREDIT_MEMO' }, ['c']],
      [{ channelId: ids.acme! }, ['b', 'c', 'e']],
      [{ purchaseOrderId: ids.poA! }, ['a', 'd']],
      [{ search: 'alph' }, ['a']],
      [{ search: 'parts' }, ['a', 'd']],
    ];
    for (const [filters, expected] of cases) {
      const { rows } = await readAll('invoices', filters);
      expect([filters, rows.map((r) => r.id)]).toEqual([filters, expected.map((k) => ids[k])]);
      expect(rows).toEqual(await listed(`&${new URLSearchParams(filters).toString()}`));
    }
  });

  it("filters landed costs by purchase order, as the order's list", async () => {
    expect((await readAll('landed_costs', { purchaseOrderId: ids.poB })).ids).toEqual([ids.duty, ids.insurance]);
  });

  it('refuses a filter the list does not take with 400 validation_failed', async () => {
    for (const [resource, filters] of [
      ['invoices', { status: 'OPEN' }],
      ['invoices', { sortBy: 'total' }],
      ['landed_costs', { amount: 10 }],
    ] as const) {
      const res = await rowsPage({ resource, filters, limit: 10 });
      expect([resource, res.status, res.body.error.code]).toEqual([resource, 400, 'validation_failed']);
    }
  });

  it('answers 404 for a resource another service keeps', async () => {
    const res = await rowsPage({ resource: 'purchase_orders', limit: 10 });
    expect(res.status).toBe(404);
  });
});
