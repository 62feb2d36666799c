import { startInvoicing, type Invoicing } from './support/invoicing';

describe('POST /invoices', () => {
  let h: Invoicing;
  let po: Awaited<ReturnType<Invoicing['order']>>;
  const create = (body: Record<string, unknown>) => h.request('POST', '/invoices', body);

  beforeAll(async () => {
    h = await startInvoicing('org_create_invoice');
    po = await h.order([
      { quantity: 10, unitCost: 2.5, received: 8 },
      { quantity: 4, unitCost: 1.1, received: 4 },
    ]);
  }, 90_000);
  afterAll(() => h?.close());

  it('records a standard invoice OUTSTANDING with totals computed and due after the vendor’s terms', async () => {
    const res = await create({
      purchaseOrderId: po.id,
      invoiceNumber: 'INV-100',
      invoiceDate: '2026-03-01',
      lines: [{ quantity: 3, unitCost: 1.15, description: 'Widgets' }],
      charges: [{ description: 'Freight', amount: 4.99 }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      invoiceType: 'INVOICE',
      status: 'OUTSTANDING',
      reconciled: false,
      purchaseOrderId: po.id,
      purchaseOrderNumber: po.orderNumber,
      channelId: po.channelId,
      vendorName: 'Acme Supply',
      invoiceDate: '2026-03-01',
      dueDate: '2026-03-31',
      subtotal: 3.45,
      total: 8.44,
      lines: [{ quantity: 3, unitCost: 1.15, lineTotal: 3.45, purchaseOrderLineId: null, quantityVariance: null }],
    });
    expect(res.body.id).toMatch(/^inv_/);
    const event = await h.eventOf('invoice.created', { invoiceId: res.body.id });
    expect(event.payload).toEqual({
      orgId: h.orgId,
      invoiceId: res.body.id,
      purchaseOrderId: po.id,
      invoiceType: 'INVOICE',
      invoiceNumber: 'INV-100',
      status: 'OUTSTANDING',
      total: 8.44,
    });
  });

  it('matches lines that name a PO line and computes their variances', async () => {
    const res = await create({
      purchaseOrderId: po.id,
      invoiceNumber: 'INV-101',
      lines: [{ purchaseOrderLineId: po.lines[0]!.id, quantity: 10, unitCost: 2.6 }],
    });
    expect(res.status).toBe(201);
    // 10 invoiced − 8 received; (2.60 − 2.50) × 10.
    expect(res.body.lines[0]).toMatchObject({
      purchaseOrderLineId: po.lines[0]!.id,
      quantityVariance: 2,
      costVariance: 1,
      purchaseOrderUnitCost: 2.5,
      receivedQuantity: 8,
      withinTolerance: false,
    });
  });

  it('accepts the vendor’s subtotal and total when they agree, and refuses them with 422 when not', async () => {
    const body = {
      purchaseOrderId: po.id,
      lines: [{ quantity: 2, unitCost: 0.5 }],
      charges: [{ description: 'Fee', amount: 1 }],
    };
    expect((await create({ ...body, invoiceNumber: 'INV-102', subtotal: 1, total: 2 })).status).toBe(201);
    const sub = await create({ ...body, invoiceNumber: 'INV-103', subtotal: 1.01 });
    expect(sub.status).toBe(422);
    expect(sub.body.error.code).toBe('subtotal_mismatch');
    const total = await create({ ...body, invoiceNumber: 'INV-103', total: 1 });
    expect(total.status).toBe(422);
    expect(total.body.error.code).toBe('total_mismatch');
  });

  it('refuses a standard invoice without purchaseOrderId with 422 purchase_order_required', async () => {
    const res = await create({ invoiceNumber: 'INV-NOPO', channelId: po.channelId });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('purchase_order_required');
  });

  it('refuses a duplicate invoice number of the vendor with 409, in any case; another vendor may use it', async () => {
    const res = await create({ purchaseOrderId: po.id, invoiceNumber: ' inv-100 ' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('invoice_number_taken');
    const other = await h.vendor({ name: 'Other Vendor' });
    const memo = await create({ invoiceType: 'DEBIT_MEMO', channelId: other, invoiceNumber: 'INV-100' });
    expect(memo.status).toBe(201);
  });

  it('refuses a line matched to a PO line of another order with 422 purchase_order_line_not_on_order', async () => {
    const another = await h.order([{ quantity: 1, unitCost: 1 }], po.channelId);
    const res = await create({
      purchaseOrderId: po.id,
      invoiceNumber: 'INV-104',
      lines: [{ purchaseOrderLineId: another.lines[0]!.id, quantity: 1, unitCost: 1 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('purchase_order_line_not_on_order');
  });

  it('refuses what it cannot resolve: an unknown order, vendor or related invoice, or no vendor at all', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ purchaseOrderId: 'po_nope', invoiceNumber: 'X-1' }, 'unknown_purchase_order'],
      [{ invoiceType: 'CREDIT_MEMO', channelId: 'src_nope', invoiceNumber: 'X-2' }, 'unknown_vendor'],
      [{ invoiceType: 'CREDIT_MEMO', relatedInvoiceId: 'inv_nope', invoiceNumber: 'X-3' }, 'unknown_related_invoice'],
      [{ invoiceType: 'CREDIT_MEMO', invoiceNumber: 'X-4' }, 'vendor_required'],
      [{ purchaseOrderId: po.id, relatedInvoiceId: 'inv_x', invoiceNumber: 'X-5' }, 'related_invoice_not_allowed'],
      [
        { purchaseOrderId: po.id, invoiceNumber: 'X-6', dueDate: '2026-01-01', invoiceDate: '2026-02-01' },
        'due_date_before_invoice_date',
      ],
      [{ purchaseOrderId: po.id, invoiceNumber: 'X-7', paymentReference: 'R-1' }, 'payment_without_mark_as_paid'],
    ];
    for (const [body, code] of cases) {
      const res = await create(body);
      expect([res.status, res.body.error.code]).toEqual([422, code]);
    }
  });

  it('records memos on a related invoice (its order, its vendor) or standalone; a mismatch is 422', async () => {
    const invoice = (await h.request('GET', '/invoices?search=INV-100&purchaseOrderId=' + po.id)).body.data[0];
    const credit = await create({ invoiceType: 'CREDIT_MEMO', relatedInvoiceId: invoice.id, invoiceNumber: 'CM-1' });
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({
      relatedInvoiceId: invoice.id,
      purchaseOrderId: po.id,
      channelId: po.channelId,
    });
    const standalone = await h.invoice({ invoiceType: 'DEBIT_MEMO', channelId: po.channelId, invoiceNumber: 'DM-1' });
    expect(standalone.purchaseOrderId).toBeNull();
    expect((await h.eventOf('invoice.created', { invoiceId: standalone.id })).payload.purchaseOrderId).toBeNull();
    const other = await h.vendor({ name: 'Mismatch Co' });
    const res = await create({
      invoiceType: 'CREDIT_MEMO',
      relatedInvoiceId: invoice.id,
      channelId: other,
      invoiceNumber: 'CM-2',
    });
    expect([res.status, res.body.error.code]).toEqual([422, 'vendor_mismatch']);
  });

  it('records a paid invoice with markAsPaid, and a DRAFT in the advanced workflow', async () => {
    const paid = await h.invoice({
      purchaseOrderId: po.id,
      invoiceNumber: 'INV-PAID',
      markAsPaid: true,
      paymentDate: '2026-03-05',
      paymentReference: 'TX-9',
      paymentMethod: 'wire',
    });
    expect(paid).toMatchObject({
      status: 'PAID',
      paymentDate: '2026-03-05',
      paymentReference: 'TX-9',
      paymentMethod: 'wire',
    });
    await h.settings({ invoiceWorkflow: 'advanced' });
    try {
      expect((await h.invoice({ purchaseOrderId: po.id, invoiceNumber: 'INV-DRAFT' })).status).toBe('DRAFT');
    } finally {
      await h.settings({ invoiceWorkflow: 'simple' });
    }
  });

  it('answers 404 for an unknown id and for another organization’s invoice', async () => {
    const mine = (await h.request('GET', '/invoices')).body.data[0];
    expect((await h.request('GET', `/invoices/${mine.id}`)).status).toBe(200);
    for (const res of [
      await h.request('GET', '/invoices/inv_nope'),
      await h.request('GET', `/invoices/${mine.id}`, undefined, { orgId: 'org_someone_else' }),
    ]) {
      expect([res.status, res.body.error.code]).toEqual([404, 'resource_not_found']);
    }
  });
});
