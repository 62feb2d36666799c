import { newEvent } from '@stockyard/service-kit';
import { eventually } from '@stockyard/testkit';
import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_list';

describe('GET /purchase-orders', () => {
  let h: Purchasing;
  const ids: Record<string, string> = {};
  const list = async (query: string) => {
    const res = await h.request('GET', `/purchase-orders${query}`);
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
    return res.body;
  };
  const idsOf = async (query: string) => (await list(query)).data.map((p: { id: string }) => p.id);

  beforeAll(async () => {
    h = await startPurchasing(ORG);
    const nordic = await h.supplier({ name: 'Nordic Parts' });
    const acme = await h.supplier({ name: 'Acme Supply' });
    const warehouseId = await h.warehouse();
    const bolt = await h.variant({ name: 'Bolt', sku: 'BOLT-M8', cost: 0.1 });
    const nut = await h.variant({ name: 'Nut', sku: 'NUT-M8', cost: 0.05 });
    await h.offers(nordic, [{ sku: 'NP-BOLT-8', cost: 0.08, variantId: bolt }]);
    ids.a = (
      await h.order({
        channelId: nordic,
        warehouseId,
        orderNumber: 'ALPHA-1',
        lines: [{ variantId: bolt, quantity: 100 }],
      })
    ).id;
    ids.b = (
      await h.order({ channelId: acme, warehouseId, orderNumber: 'BETA-2', lines: [{ variantId: nut, quantity: 5 }] })
    ).id;
    ids.c = (await h.order({ channelId: acme, type: 'DROPSHIP', orderNumber: 'GAMMA-3' })).id;
    await h.request('POST', `/purchase-orders/${ids.b}/submit`);
    ids.trashed = (await h.order({ channelId: acme, warehouseId, orderNumber: 'DELTA-4' })).id;
    await h.request('DELETE', `/purchase-orders/${ids.trashed}`);
    Object.assign(ids, { nordic, acme });
  }, 60_000);
  afterAll(() => h.close());

  it('lists live orders newest first with the list envelope', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(page.data.map((p: { id: string }) => p.id)).toEqual([ids.c, ids.b, ids.a]);
  });

  it('filters by status and by supplier', async () => {
    expect(await idsOf('?status=SUBMITTED')).toEqual([ids.b]);
    expect(await idsOf(`?channelId=${ids.acme}`)).toEqual([ids.c, ids.b]);
    expect(await idsOf(`?channelId=${ids.acme}&status=DRAFT`)).toEqual([ids.c]);
  });

  it.each([
    ['an order number prefix', 'alph', ['a']],
    ['a supplier name word', 'parts', ['a']],
    ['our SKU', 'NUT-M', ['b']],
    ["the supplier's SKU", 'np-bolt', ['a']],
    ['a word start inside the number', '3', ['c']],
    ['nothing known', 'zzz', []],
  ])('searches by %s', async (_, search, expected) => {
    expect(await idsOf(`?search=${encodeURIComponent(search)}`)).toEqual(expected.map((k) => ids[k]));
  });

  it('finds an order invoiced through invoicing’s invoice.created with hasInvoice', async () => {
    expect(await idsOf('?hasInvoice=true')).toEqual([]);
    const invoice = { invoiceType: 'INVOICE', invoiceNumber: 'INV-1', status: 'OUTSTANDING', total: 0.25 };
    await h.broker.publish(
      newEvent('invoice.created', { orgId: ORG, invoiceId: 'inv_1', purchaseOrderId: ids.b!, ...invoice }),
    );
    await eventually(async () => ((await idsOf('?hasInvoice=true')).length === 1 ? true : undefined));
    expect(await idsOf('?hasInvoice=true')).toEqual([ids.b]);
    expect(await idsOf('?hasInvoice=false')).toEqual([ids.c, ids.a]);
    expect((await h.request('GET', `/purchase-orders/${ids.b}`)).body.hasInvoice).toBe(true);
  });

  it('forgets a trashed invoice (invoice.trashed) and notes it again when restored (invoice.restored)', async () => {
    const invoiced = async () => (await h.request('GET', `/purchase-orders/${ids.b}`)).body.hasInvoice;
    const invoice = { orgId: ORG, invoiceId: 'inv_1', purchaseOrderId: ids.b! };
    await h.broker.publish(newEvent('invoice.trashed', invoice));
    await eventually(async () => ((await invoiced()) === false ? true : undefined));
    expect(await idsOf('?hasInvoice=true')).toEqual([]);
    await h.broker.publish(newEvent('invoice.restored', invoice));
    await eventually(async () => ((await invoiced()) === true ? true : undefined));
    expect(await idsOf('?hasInvoice=true')).toEqual([ids.b]);
  });

  it('matches no order with hasAttachment=true or an attachmentType while none has a document', async () => {
    expect(await idsOf('?hasAttachment=true')).toEqual([]);
    expect(await idsOf('?attachmentType=pdf')).toEqual([]);
    expect(await idsOf('?hasAttachment=false')).toEqual([ids.c, ids.b, ids.a]);
  });

  it('pages with limit/offset and the take/skip aliases, and sorts', async () => {
    expect(await list('?limit=1&offset=1')).toMatchObject({ total: 3, limit: 1, offset: 1, data: [{ id: ids.b }] });
    expect(await list('?take=2&skip=2')).toMatchObject({ limit: 2, offset: 2, data: [{ id: ids.a }] });
    expect(await idsOf('?sortBy=orderNumber&sortOrder=asc')).toEqual([ids.a, ids.b, ids.c]);
    expect(await idsOf('?sortBy=orderNumber')).toEqual([ids.c, ids.b, ids.a]);
  });

  it('refuses bad paging and an unknown sort with 400 validation_failed', async () => {
    for (const query of ['?limit=500', '?sortBy=price', '?status=OPEN', '?attachmentType=doc']) {
      const res = await h.request('GET', `/purchase-orders${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('lists the trash apart, and shows another organization nothing', async () => {
    expect((await h.request('GET', '/purchase-orders/trash')).body).toMatchObject({
      total: 1,
      data: [{ id: ids.trashed }],
    });
    const other = await h.request('GET', '/purchase-orders?search=alpha', undefined, { orgId: 'org_po_list_other' });
    expect(other.body).toMatchObject({ total: 0, data: [] });
  });
});

describe('POST /internal/v1/purchase-orders/batch', () => {
  let h: Purchasing;
  beforeAll(async () => {
    h = await startPurchasing('org_po_batch');
  }, 60_000);
  afterAll(() => h.close());

  it('answers the orders with their lines’ ordered and received quantities, and what is missing', async () => {
    const { po, lineId, variantId } = await h.submittedOrder(6, { expectedAt: '2026-12-31' });
    expect((await h.receive(po.id, lineId, { quantity: 2 })).status).toBe(201);
    const res = await h.request(
      'POST',
      '/purchase-orders/batch',
      { ids: [po.id, 'po_nope'] },
      { base: '/internal/v1' },
    );
    expect(res.status).toBe(200);
    expect(res.body.missing).toEqual(['po_nope']);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id: po.id,
        status: 'PARTIALLY_RECEIVED',
        lines: [
          expect.objectContaining({
            id: lineId,
            variantId,
            quantity: 6,
            receivedQuantity: 2,
            unitCost: 2.5,
            expectedAt: '2026-12-31T00:00:00.000Z',
          }),
        ],
      }),
    ]);
    const other = await h.request(
      'POST',
      '/purchase-orders/batch',
      { ids: [po.id] },
      {
        base: '/internal/v1',
        orgId: 'org_po_batch_other',
      },
    );
    expect(other.body).toEqual({ data: [], missing: [po.id] });
  });

  it('refuses a malformed batch with 400', async () => {
    const res = await h.request('POST', '/purchase-orders/batch', { ids: [] }, { base: '/internal/v1' });
    expect(res.status).toBe(400);
  });
});
