import { startGateway } from '../../gateway/test/support/gateway';
import { startInvoicing, type Invoicing } from './support/invoicing';

const PERMISSIONS = [
  'invoices.read',
  'invoices.write',
  'invoices.approve',
  'landed_costs.read',
  'landed_costs.write',
  'reports.read',
];
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/**
 * GET /reports/purchase-spend through HTTP with the real purchasing (receipts), catalog (products)
 * and invoicing's own invoices and landed costs, in hand-calculated figures:
 * - Acme's order: 10 × 4.00 and 5 × 10.00 received today (90.00); a landed cost of 30.00 by
 *   quantity (20.00 and 10.00); an invoice of 10 × 4.20 (variance +2.00) and 5 × 10.00 with a
 *   5.00 charge (97.00); a credit memo of 1 × 10.00 on the second line (−10.00).
 * - Bolt's order: 4 × 2.50 received today (10.00), invoiced at its cost but dated 2026-01-15.
 */
describe('GET /reports/purchase-spend', () => {
  let h: Invoicing;
  let acme: string;
  let bolt: string;
  let products: string[];
  const report = (query: string) => h.request('GET', `/reports/purchase-spend?${query}`);

  beforeAll(async () => {
    h = await startInvoicing('org_purchase_spend', { switchable: true, permissions: PERMISSIONS });
    acme = await h.vendor({ name: 'Acme Supply' });
    bolt = await h.vendor({ name: 'Bolt Parts' });
    const a = await h.order(
      [
        { quantity: 10, unitCost: 4, received: 10 },
        { quantity: 5, unitCost: 10, received: 5 },
      ],
      acme,
    );
    const b = await h.order([{ quantity: 4, unitCost: 2.5, received: 4 }], bolt);
    products = [];
    for (const line of [...a.lines, ...b.lines]) {
      const variant = await h.ok(
        await h.purchasing.catalog.request('GET', `/variants/${line.variantId}`),
        'read variant',
      );
      products.push(variant.productId);
    }
    await h.ok(
      await h.request('POST', `/purchase-orders/${a.id}/landed-costs`, {
        description: 'Freight',
        amount: 30,
        allocationMethod: 'BY_QUANTITY',
      }),
      'landed cost',
    );
    await h.invoice({
      purchaseOrderId: a.id,
      invoiceNumber: 'PS-1',
      lines: [
        { purchaseOrderLineId: a.lines[0]!.id, quantity: 10, unitCost: 4.2 },
        { purchaseOrderLineId: a.lines[1]!.id, quantity: 5, unitCost: 10 },
      ],
      charges: [{ description: 'Handling', amount: 5 }],
    });
    await h.invoice({
      invoiceType: 'CREDIT_MEMO',
      purchaseOrderId: a.id,
      invoiceNumber: 'PS-CM',
      lines: [{ purchaseOrderLineId: a.lines[1]!.id, quantity: 1, unitCost: 10 }],
    });
    await h.invoice({
      purchaseOrderId: b.id,
      invoiceNumber: 'PS-OLD',
      invoiceDate: '2026-01-15',
      lines: [{ purchaseOrderLineId: b.lines[0]!.id, quantity: 4, unitCost: 2.5 }],
    });
  }, 120_000);
  afterAll(() => h?.close());

  it('by vendor: received, invoiced (memos signed), price variance and landed costs of today', async () => {
    const res = await report(`from=${today}&to=${today}&groupBy=vendor`);
    expect(res.status).toBe(200);
    const [first, second] = [acme, bolt].sort();
    const rows = {
      [acme]: {
        key: acme,
        name: 'Acme Supply',
        receivedAmount: 90,
        invoicedAmount: 87,
        priceVariance: 2,
        landedCosts: 30,
      },
      [bolt]: {
        key: bolt,
        name: 'Bolt Parts',
        receivedAmount: 10,
        invoicedAmount: 0,
        priceVariance: 0,
        landedCosts: 0,
      },
    };
    expect(res.body).toEqual({
      data: [rows[first!], rows[second!]],
      total: 2,
      limit: 50,
      offset: 0,
      from: `${today}T00:00:00.000Z`,
      to: `${today}T23:59:59.999Z`,
      groupBy: 'vendor',
      totalReceivedAmount: 100,
      totalInvoicedAmount: 87,
      totalPriceVariance: 2,
      totalLandedCosts: 30,
    });
  });

  it('by product: each line’s product; the invoice’s charge to no product; the same totals', async () => {
    const res = await report(`from=${today}&to=${today}&groupBy=product`);
    expect(res.status).toBe(200);
    const [p1, p2, p3] = products;
    const expected = [
      { key: p1, name: 'Widget', receivedAmount: 40, invoicedAmount: 42, priceVariance: 2, landedCosts: 20 },
      { key: p2, name: 'Widget', receivedAmount: 50, invoicedAmount: 40, priceVariance: 0, landedCosts: 10 },
      { key: p3, name: 'Widget', receivedAmount: 10, invoicedAmount: 0, priceVariance: 0, landedCosts: 0 },
    ].sort((x, y) => (x.key! < y.key! ? -1 : 1));
    expect(res.body.data).toEqual([
      ...expected,
      { key: null, name: null, receivedAmount: 0, invoicedAmount: 5, priceVariance: 0, landedCosts: 0 },
    ]);
    expect(res.body).toMatchObject({
      total: 4,
      totalReceivedAmount: 100,
      totalInvoicedAmount: 87,
      totalPriceVariance: 2,
      totalLandedCosts: 30,
    });
  });

  it('filters by receipt date, invoice date and landed cost date', async () => {
    const january = await report('from=2026-01-01&to=2026-01-31');
    expect(january.status).toBe(200);
    expect(january.body.data).toEqual([
      { key: bolt, name: 'Bolt Parts', receivedAmount: 0, invoicedAmount: 10, priceVariance: 0, landedCosts: 0 },
    ]);
    const before = await report(`from=2026-02-01&to=${yesterday}`);
    expect(before.body).toMatchObject({ data: [], total: 0, totalReceivedAmount: 0, totalLandedCosts: 0 });
  });

  it('pages the groups', async () => {
    const res = await report(`from=${today}&to=${today}&groupBy=product&limit=1&offset=3`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, limit: 1, offset: 3, totalInvoicedAmount: 87 });
    expect(res.body.data).toEqual([expect.objectContaining({ key: null })]);
  });

  it.each([
    ['from after to', 'from=2026-03-02&to=2026-03-01', 'from'],
    ['an unparsable from', 'from=last-monday', 'from'],
    ['an unparsable to', 'to=2026-13-01', 'to'],
    ['an unknown groupBy', 'groupBy=category', 'groupBy'],
  ])('refuses %s: 400 validation_failed naming the field', async (_what, query, field) => {
    const res = await report(query);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual([expect.objectContaining({ field })]);
  });

  it('through the gateway: a FINANCE key reads it, a key without reports.read is 403 missing_permission', async () => {
    const gw = await startGateway({ INVOICING_URL: h.url });
    try {
      await gw.connection.model('Organization').create({ _id: h.orgId, name: 'Spend Org' });
      const key = async (role: 'FINANCE' | 'WAREHOUSE') =>
        (await gw.keys.create({ orgId: h.orgId, type: 'admin', name: role, role })).token;
      const path = `/reports/purchase-spend?from=${today}&to=${today}`;
      const finance = await gw.api('GET', path, await key('FINANCE'));
      expect(finance.status).toBe(200);
      expect(await finance.json()).toMatchObject({ total: 2, totalReceivedAmount: 100, totalInvoicedAmount: 87 });
      const warehouse = await gw.api('GET', path, await key('WAREHOUSE'));
      expect(warehouse.status).toBe(403);
      expect(((await warehouse.json()) as { error: { code: string } }).error.code).toBe('missing_permission');
    } finally {
      await gw.close();
    }
  });

  it('is 503 dependency_unavailable while purchasing is down, and answers again once it is back', async () => {
    await h.proxies!.purchasing.down();
    try {
      const res = await report(`from=${today}&to=${today}`);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('dependency_unavailable');
    } finally {
      await h.proxies!.purchasing.up();
    }
    expect((await report(`from=${today}&to=${today}`)).status).toBe(200);
  });
});
