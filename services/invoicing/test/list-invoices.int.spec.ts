import { startInvoicing, type Invoicing } from './support/invoicing';

describe('GET /invoices', () => {
  let h: Invoicing;
  const ids: Record<string, string> = {};
  const list = async (query: string) => {
    const res = await h.request('GET', `/invoices${query}`);
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
    return res.body;
  };
  const idsOf = async (query: string) => (await list(query)).data.map((i: { id: string }) => i.id);

  beforeAll(async () => {
    h = await startInvoicing('org_list_invoices');
    const nordic = await h.vendor({ name: 'Nordic Parts' });
    const acme = await h.vendor({ name: 'Acme Supply' });
    const poA = await h.order([{ quantity: 5, unitCost: 2 }], nordic);
    const poB = await h.order([{ quantity: 5, unitCost: 2 }], acme);
    const line = (quantity: number) => [{ quantity, unitCost: 1 }];
    ids.a = (await h.invoice({ purchaseOrderId: poA.id, invoiceNumber: 'ALPHA-1', lines: line(3) })).id;
    ids.b = (await h.invoice({ purchaseOrderId: poB.id, invoiceNumber: 'BETA-2', lines: line(1) })).id;
    ids.c = (
      await h.invoice({ invoiceType: 'CREDIT_MEMO', channelId: acme, invoiceNumber: 'GAMMA-3', lines: line(2) })
    ).id;
    await h.ok(await h.request('POST', `/invoices/${ids.b}/mark-paid`, {}), 'pay');
    await h.settings({ invoiceWorkflow: 'advanced' });
    ids.trashed = (await h.invoice({ purchaseOrderId: poA.id, invoiceNumber: 'DELTA-4' })).id;
    await h.settings({ invoiceWorkflow: 'simple' });
    await h.ok(await h.request('DELETE', `/invoices/${ids.trashed}`), 'trash');
    Object.assign(ids, { nordic, acme, poA: poA.id, poB: poB.id, poBNumber: poB.orderNumber });
  }, 90_000);
  afterAll(() => h?.close());

  it('lists live invoices newest first with the list envelope', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(page.data.map((i: { id: string }) => i.id)).toEqual([ids.c, ids.b, ids.a]);
  });

  it('filters by purchase order, by status and type lists, and by vendor', async () => {
    expect(await idsOf(`?purchaseOrderId=${ids.poA}`)).toEqual([ids.a]);
    expect(await idsOf('?status=PAID')).toEqual([ids.b]);
    expect(await idsOf('?status=OUTSTANDING,PAID')).toEqual([ids.c, ids.b, ids.a]);
    expect(await idsOf('?status=outstanding')).toEqual([ids.c, ids.a]);
    expect(await idsOf('?invoiceType=CREDIT_MEMO')).toEqual([ids.c]);
    expect(await idsOf('?invoiceType=INVOICE,DEBIT_MEMO&status=OUTSTANDING')).toEqual([ids.a]);
    expect(await idsOf(`?channelId=${ids.acme}`)).toEqual([ids.c, ids.b]);
  });

  it.each([
    ['an invoice number prefix', 'alph', ['a']],
    ['a vendor name word', 'parts', ['a']],
    ['the purchase order number', 'poBNumber', ['b']],
    ['a word start inside the number', '3', ['c']],
    ['nothing known', 'zzz', []],
  ])('searches by %s', async (_, search, expected) => {
    const text = ids[search] ?? search;
    expect(await idsOf(`?search=${encodeURIComponent(text)}`)).toEqual(expected.map((k) => ids[k]));
  });

  it('pages with limit/offset and the take/skip aliases, and sorts', async () => {
    expect(await list('?limit=1&offset=1')).toMatchObject({ total: 3, limit: 1, offset: 1, data: [{ id: ids.b }] });
    expect(await list('?take=2&skip=2')).toMatchObject({ limit: 2, offset: 2, data: [{ id: ids.a }] });
    expect(await idsOf('?sortBy=invoiceNumber&sortOrder=asc')).toEqual([ids.a, ids.b, ids.c]);
    expect(await idsOf('?sortBy=total')).toEqual([ids.a, ids.c, ids.b]);
  });

  it('refuses bad paging, an unknown sort, status or type with 400 validation_failed', async () => {
    for (const query of ['?limit=500', '?sortBy=price', '?status=OPEN', '?status=PAID,NOPE', '?invoiceType=BILL']) {
      const res = await h.request('GET', `/invoices${query}`);
      expect([query, res.status, res.body.error.code]).toEqual([query, 400, 'validation_failed']);
    }
  });

  it('lists the trash apart, and shows another organization nothing', async () => {
    expect(await list('/trash')).toMatchObject({ total: 1, data: [{ id: ids.trashed }] });
    const other = await h.request('GET', '/invoices?search=alpha', undefined, { orgId: 'org_invoices_other' });
    expect(other.body).toMatchObject({ total: 0, data: [] });
  });
});
