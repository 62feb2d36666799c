import { eventually } from '@stockyard/testkit';
import { startInvoicing, type Invoicing } from './support/invoicing';

const ORG = 'org_invoice_rows_backfill';

/**
 * An upgrade: invoices stored before their list rows were kept (rows and the pass's record gone,
 * as on a database of the previous release) are listed again once a process starts and its
 * backfill has run, each row as the invoice is now.
 */
describe('invoice list rows of invoices stored before them', () => {
  let h: Invoicing;
  const ids: string[] = [];

  beforeAll(async () => {
    h = await startInvoicing(ORG);
    const vendor = await h.vendor({ name: 'Backfill Supply' });
    const po = await h.order([{ quantity: 10, unitCost: 2 }], vendor);
    for (const n of [1, 2, 3]) {
      const lines = [{ quantity: n, unitCost: 1.5 }];
      ids.push((await h.invoice({ purchaseOrderId: po.id, invoiceNumber: `WASHER-${n}`, lines })).id as string);
    }
    await h.ok(await h.request('POST', `/invoices/${ids[1]}/mark-paid`, {}), 'pay');
  }, 90_000);
  afterAll(() => h?.close());

  const list = async (request: Invoicing['request'], query = '') => {
    const res = await request('GET', `/invoices${query}`);
    expect(res.status).toBe(200);
    return res.body as { total: number; data: { id: string; status: string; lines: { quantity: number }[] }[] };
  };

  it('lists them after a start, as they are now', async () => {
    const before = await list(h.request);
    expect(before.total).toBe(3);
    await h.connection.collection('invoice_rows').deleteMany({});
    await h.connection.collection('invoicing_passes').deleteMany({});
    expect((await list(h.request)).total).toBe(0);

    const replica = await h.replica();
    const after = await eventually(async () => {
      const page = await list(replica.request);
      return page.total === 3 ? page : undefined;
    });
    expect(after.data).toEqual(before.data);
    expect((await list(replica.request, '?status=PAID')).data.map((i) => i.id)).toEqual([ids[1]]);
    expect((await list(replica.request, '?search=washer')).total).toBe(3);
    const pass = await h.connection.collection('invoicing_passes').findOne({ _id: 'invoice_rows' as never });
    expect(pass?.at).toBeInstanceOf(Date);
  });
});
