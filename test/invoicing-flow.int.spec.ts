import { verifyWebhook, WEBHOOK_HEADERS } from '@stockyard/contracts';
import { eventually, gatewayJson, type Stack, startReceiver, startStack } from '@stockyard/testkit';

/**
 * Issue #26's whole-system flow, procure to pay, as processes behind the gateway with an admin key:
 * a purchase order received in part, an invoice with a freight charge whose lines auto-match by
 * the supplier's and the variant's SKU with the spec's variances, the advanced workflow submit →
 * approve → mark-paid → reconcile, a credit memo, the aging and the vendor statement agreeing with
 * those figures, a landed cost allocated BY_WEIGHT summing exactly, and `invoice.created` delivered,
 * signed, to a webhook receiver.
 */
describe('invoicing flow: procure to pay, through the gateway', () => {
  let stack: Stack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let adminKey: string;

  const api = (method: string, route: string, body?: unknown) =>
    gatewayJson(stack.gatewayUrl, adminKey).call(method, route, body);
  const ok = (method: string, route: string, body?: unknown) =>
    gatewayJson(stack.gatewayUrl, adminKey).ok(method, route, body);

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack(['catalog', 'inventory', 'purchasing', 'invoicing', 'webhooks'], {
      webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '1,1' },
    });
    ({ adminKey } = stack.bootstrapOrg('Invoicing Flow Org'));
  }, 120_000);
  afterAll(async () => {
    await stack?.destroy();
    await receiver?.close();
  });

  it('takes a partly received order to a paid, reconciled invoice, a memo, aging, statement, landed cost', async () => {
    const endpoint = await ok('POST', '/webhooks', { url: receiver.url, events: ['invoice.created'] });
    await ok('PATCH', '/settings', { invoiceWorkflow: 'advanced', accountingPush: 'on_reconcile' });
    const source = await ok('POST', '/sources', { name: 'Flow Supply', currency: 'EUR', paymentTermsDays: 30 });
    const bolt = (await ok('POST', '/products', { name: 'Bolt', sku: 'FL-BOLT', weight: 2 })).variants[0].id;
    const nut = (await ok('POST', '/products', { name: 'Nut', sku: 'FL-NUT', weight: 0.5 })).variants[0].id;
    const warehouseId = (await ok('POST', '/warehouses', { name: 'Flow' })).id;
    const po = await ok('POST', '/purchase-orders', {
      channelId: source.id,
      warehouseId,
      lines: [
        { variantId: bolt, quantity: 10, unitCost: 4, supplierSku: 'FS-B-8' },
        { variantId: nut, quantity: 8, unitCost: 10 },
      ],
    });
    const [boltLine, nutLine] = po.lines.map((l: { id: string }) => l.id);
    await ok('POST', `/purchase-orders/${po.id}/submit`);
    await ok('POST', `/purchase-orders/${po.id}/lines/${boltLine}/receive`, { quantity: 6 });
    await ok('POST', `/purchase-orders/${po.id}/lines/${nutLine}/receive`, { quantity: 5 });

    // The vendor's invoice: 6 bolts at 4.25 (PO 4.00), 6 nuts at 10.00 (5 received), freight 12.50.
    const invoice = await ok('POST', '/invoices', {
      purchaseOrderId: po.id,
      invoiceNumber: 'FS-2026-001',
      invoiceDate: '2026-01-10',
      lines: [
        { vendorSku: 'fs-b-8', quantity: 6, unitCost: 4.25 },
        { vendorSku: 'FL-NUT', quantity: 6, unitCost: 10 },
      ],
      charges: [{ description: 'Freight', amount: 12.5 }],
      total: 98,
    });
    expect(invoice).toMatchObject({ status: 'DRAFT', subtotal: 85.5, total: 98, dueDate: '2026-02-09' });
    const matched = await ok('POST', `/invoices/${invoice.id}/auto-match`);
    expect(matched.matched).toBe(2);
    expect(matched.invoice.lines).toEqual([
      expect.objectContaining({ purchaseOrderLineId: boltLine, quantityVariance: 0, costVariance: 1.5 }),
      expect.objectContaining({ purchaseOrderLineId: nutLine, quantityVariance: 1, costVariance: 0 }),
    ]);

    expect((await ok('POST', `/invoices/${invoice.id}/submit`)).status).toBe('PENDING');
    expect((await ok('POST', `/invoices/${invoice.id}/approve`)).status).toBe('APPROVED');
    const paid = await ok('POST', `/invoices/${invoice.id}/mark-paid`, {
      paymentDate: '2026-02-01',
      paymentReference: 'WIRE-77',
      paymentMethod: 'wire',
    });
    expect(paid).toMatchObject({ status: 'PAID', paymentReference: 'WIRE-77' });
    const reconciled = await ok('POST', `/invoices/${invoice.id}/reconcile`);
    expect(reconciled).toMatchObject({ status: 'PAID', reconciled: true, accountingPushedAt: expect.any(String) });
    const tooLate = await api('POST', `/invoices/${invoice.id}/dispute`, { reason: 'late' });
    expect([tooLate.status, tooLate.body.error.code]).toEqual([409, 'invalid_status_transition']);

    // One nut sent back: a credit memo on the invoice, approved, still owed back.
    const memo = await ok('POST', '/invoices', {
      invoiceType: 'CREDIT_MEMO',
      relatedInvoiceId: invoice.id,
      invoiceNumber: 'FS-CM-001',
      invoiceDate: '2026-02-15',
      lines: [{ vendorSku: 'FL-NUT', quantity: 1, unitCost: 10 }],
    });
    expect(memo).toMatchObject({ purchaseOrderId: po.id, channelId: source.id, total: 10, dueDate: '2026-03-17' });
    await ok('POST', `/invoices/${memo.id}/submit`);
    await ok('POST', `/invoices/${memo.id}/approve`);

    const aging = await ok('GET', '/invoices/aging?asOf=2026-04-01');
    expect(aging.vendors).toEqual([
      expect.objectContaining({ channelId: source.id, vendorName: 'Flow Supply', '1-30': -10, total: -10, count: 1 }),
    ]);
    expect(aging.totals).toMatchObject({ current: 0, '1-30': -10, total: -10, count: 1 });
    const statement = await ok('GET', `/invoices/vendor-statement?channelId=${source.id}&dateFrom=2026-01-01`);
    expect(statement.documents.map((d: { invoiceNumber: string }) => d.invoiceNumber)).toEqual([
      'FS-2026-001',
      'FS-CM-001',
    ]);
    expect(statement.totals).toEqual({ invoices: 98, credits: 10, debits: 0, paid: 98, outstanding: -10, net: 88 });
    expect(await ok('GET', '/invoices/stats')).toMatchObject({
      count: 2,
      byStatus: { PAID: 1, APPROVED: 1 },
      outstandingTotal: -10,
      creditMemoTotal: 10,
      paidTotal: 98,
    });

    // Customs by received weight: 6 × 2 = 12 kg of bolts, 5 × 0.5 = 2.5 kg of nuts.
    const duty = await ok('POST', `/purchase-orders/${po.id}/landed-costs`, {
      description: 'Customs duty',
      amount: 100.01,
      allocationMethod: 'BY_WEIGHT',
      invoiceId: invoice.id,
    });
    expect(duty.allocations).toEqual([
      { purchaseOrderLineId: boltLine, amount: 82.77 },
      { purchaseOrderLineId: nutLine, amount: 17.24 },
    ]);
    const summary = await ok('GET', `/purchase-orders/${po.id}/landed-costs/summary`);
    expect(summary.totals).toMatchObject({
      receivedQuantity: 11,
      baseCost: 74,
      landedCost: 100.01,
      invoiceVariance: 1.5,
    });
    expect(summary.lines[0]).toMatchObject({ landedCost: 82.77, perUnitLandedCost: 18.05 });

    // invoice.created for the invoice and the memo, signed, with exactly the spec's fields.
    const created = await eventually(() => {
      const found = receiver.received.filter((r) => (r.body as { event?: string }).event === 'invoice.created');
      return found.length >= 2 ? found : undefined;
    }, 30_000);
    for (const delivery of created) {
      const signature = delivery.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
      expect(verifyWebhook({ secret: endpoint.secret, rawBody: delivery.rawBody, header: signature })).toBe(true);
    }
    const payloads = created.map((d) => (d.body as { data: Record<string, unknown> }).data);
    expect(payloads).toEqual(
      expect.arrayContaining([
        {
          orgId: expect.any(String),
          invoiceId: invoice.id,
          purchaseOrderId: po.id,
          invoiceType: 'INVOICE',
          invoiceNumber: 'FS-2026-001',
          status: 'DRAFT',
          total: 98,
        },
        expect.objectContaining({ invoiceId: memo.id, invoiceType: 'CREDIT_MEMO', total: 10 }),
      ]),
    );
    // purchasing's hasInvoice follows invoicing's event.
    await eventually(async () => ((await ok('GET', `/purchase-orders/${po.id}`)).hasInvoice ? true : undefined));
  }, 120_000);
});
