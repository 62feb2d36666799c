import { startInvoicing, type Invoicing } from './support/invoicing';

/** GET /invoices/stats, /invoices/aging and /invoices/vendor-statement over one organization's invoices. */
describe('invoice reports', () => {
  let h: Invoicing;
  const ids: Record<string, string> = {};
  const get = async (path: string) => {
    const res = await h.request('GET', path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.body;
  };

  beforeAll(async () => {
    h = await startInvoicing('org_invoice_reports');
    ids.acme = await h.vendor({ name: 'Acme Supply' });
    ids.zed = await h.vendor({ name: 'Zed Parts' });
    const po = await h.order([{ quantity: 100, unitCost: 1, received: 100 }], ids.acme);
    const poZed = await h.order([{ quantity: 10, unitCost: 1 }], ids.zed);
    const doc = async (key: string, body: Record<string, unknown>) => {
      ids[key] = (await h.invoice({ invoiceNumber: key.toUpperCase(), ...body })).id;
    };
    const amount = (total: number) => [{ quantity: 1, unitCost: total }];
    await doc('inv1', { purchaseOrderId: po.id, lines: amount(100), invoiceDate: '2026-01-01', dueDate: '2026-01-31' });
    await doc('inv2', { purchaseOrderId: po.id, lines: amount(50), invoiceDate: '2026-02-18', dueDate: '2026-03-20' });
    await doc('cm1', {
      invoiceType: 'CREDIT_MEMO',
      relatedInvoiceId: ids.inv1,
      lines: amount(20),
      invoiceDate: '2026-02-01',
      dueDate: '2026-03-01',
    });
    await doc('dm1', {
      invoiceType: 'DEBIT_MEMO',
      channelId: ids.acme,
      lines: amount(5),
      invoiceDate: '2025-11-01',
      dueDate: '2025-12-01',
    });
    await doc('paid', { purchaseOrderId: po.id, lines: amount(30), invoiceDate: '2026-01-05', markAsPaid: true });
    await doc('zed1', {
      purchaseOrderId: poZed.id,
      lines: amount(10),
      invoiceDate: '2026-01-01',
      dueDate: '2026-01-10',
    });
    await h.settings({ invoiceWorkflow: 'advanced' });
    await doc('draft', { purchaseOrderId: po.id, lines: amount(7), invoiceDate: '2026-02-01' });
    await h.settings({ invoiceWorkflow: 'simple' });
  }, 120_000);
  afterAll(() => h?.close());

  it('counts by status and type and totals what is owed, credited, debited and paid', async () => {
    expect(await get('/invoices/stats')).toEqual({
      count: 7,
      byStatus: { DRAFT: 1, PENDING: 0, OUTSTANDING: 5, APPROVED: 0, DISPUTED: 0, PAID: 1 },
      byType: { INVOICE: 5, CREDIT_MEMO: 1, DEBIT_MEMO: 1 },
      outstandingTotal: 145,
      invoiceTotal: 190,
      creditMemoTotal: 20,
      debitMemoTotal: 5,
      paidTotal: 30,
    });
  });

  it('ages open documents by days past due, memos signed, per vendor and in total', async () => {
    const aging = await get('/invoices/aging?asOf=2026-03-15');
    expect(aging).toEqual({
      asOf: '2026-03-15',
      vendors: [
        {
          channelId: ids.acme,
          vendorName: 'Acme Supply',
          current: 50,
          '1-30': -20,
          '31-60': 100,
          '61-90': 0,
          '90+': 5,
          total: 135,
          count: 4,
        },
        {
          channelId: ids.zed,
          vendorName: 'Zed Parts',
          current: 0,
          '1-30': 0,
          '31-60': 0,
          '61-90': 10,
          '90+': 0,
          total: 10,
          count: 1,
        },
      ],
      totals: { current: 50, '1-30': -20, '31-60': 100, '61-90': 10, '90+': 5, total: 145, count: 5 },
    });
    const zed = await get(`/invoices/aging?asOf=2026-01-10&channelId=${ids.zed}`);
    expect(zed.vendors).toEqual([expect.objectContaining({ current: 10, total: 10 })]);
    expect((await get('/invoices/aging')).asOf).toBe(new Date().toISOString().slice(0, 10));
  });

  it('totals a vendor’s statement: invoices, credits, debits, paid, outstanding, net', async () => {
    const statement = await get(`/invoices/vendor-statement?channelId=${ids.acme}`);
    expect(statement.vendorName).toBe('Acme Supply');
    expect(statement.documents.map((d: { invoiceNumber: string }) => d.invoiceNumber)).toEqual([
      'DM1',
      'INV1',
      'PAID',
      'CM1',
      'INV2',
    ]);
    expect(statement.documents.find((d: { invoiceNumber: string }) => d.invoiceNumber === 'CM1').amount).toBe(-20);
    expect(statement.totals).toEqual({ invoices: 180, credits: 20, debits: 5, paid: 30, outstanding: 135, net: 165 });
    const february = await get(
      `/invoices/vendor-statement?channelId=${ids.acme}&dateFrom=2026-02-01&dateTo=2026-02-28`,
    );
    expect(february.totals).toEqual({ invoices: 50, credits: 20, debits: 0, paid: 0, outstanding: 30, net: 30 });
  });

  it('follows each change: a payment, a dispute, a trashed draft', async () => {
    await h.ok(await h.request('POST', `/invoices/${ids.inv2}/mark-paid`, {}), 'pay');
    await h.ok(await h.request('POST', `/invoices/${ids.zed1}/dispute`, {}), 'dispute');
    await h.ok(await h.request('DELETE', `/invoices/${ids.draft}`), 'trash');
    const stats = await get('/invoices/stats');
    expect(stats).toMatchObject({
      count: 6,
      byStatus: { DRAFT: 0, OUTSTANDING: 3, DISPUTED: 1, PAID: 2 },
      outstandingTotal: 95,
      paidTotal: 80,
    });
    const aging = await get('/invoices/aging?asOf=2026-03-15');
    expect(aging.totals).toMatchObject({ current: 0, '61-90': 10, total: 95, count: 4 });
    const statement = await get(`/invoices/vendor-statement?channelId=${ids.acme}`);
    expect(statement.totals).toEqual({ invoices: 180, credits: 20, debits: 5, paid: 80, outstanding: 85, net: 165 });
  });

  it('refuses a statement without a vendor (400) or with dateFrom after dateTo (422)', async () => {
    const missing = await h.request('GET', '/invoices/vendor-statement');
    expect([missing.status, missing.body.error.code]).toEqual([400, 'validation_failed']);
    const backwards = await h.request(
      'GET',
      `/invoices/vendor-statement?channelId=${ids.acme}&dateFrom=2026-03-01&dateTo=2026-02-01`,
    );
    expect([backwards.status, backwards.body.error.code]).toEqual([422, 'invalid_date_range']);
    const badDate = await h.request('GET', '/invoices/aging?asOf=yesterday');
    expect([badDate.status, badDate.body.error.code]).toEqual([400, 'validation_failed']);
  });

  it('shows another organization none of it', async () => {
    const other = { orgId: 'org_reports_other' };
    expect((await h.request('GET', '/invoices/stats', undefined, other)).body).toMatchObject({
      count: 0,
      outstandingTotal: 0,
    });
    expect((await h.request('GET', '/invoices/aging', undefined, other)).body.vendors).toEqual([]);
    const statement = await h.request('GET', `/invoices/vendor-statement?channelId=${ids.acme}`, undefined, other);
    expect(statement.body.documents).toEqual([]);
  });
});
