import { startPurchasing, type Purchasing } from './support/purchasing';

/**
 * POST /internal/v1/purchase-orders/receipt-lines: the applied receipts of a period (invoicing's
 * purchase-spend report), a page of orders at a time, the caller organization's only.
 */
describe('POST /internal/v1/purchase-orders/receipt-lines', () => {
  let h: Purchasing;
  const read = (body: Record<string, unknown>, orgId?: string) =>
    h.request('POST', '/purchase-orders/receipt-lines', body, { base: '/internal/v1', orgId });
  const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

  beforeAll(async () => {
    h = await startPurchasing('org_receipt_lines');
  }, 60_000);
  afterAll(() => h.close());

  it('answers each applied receipt with its supplier, variant and unit cost, paged by order', async () => {
    const first = await h.submittedOrder(10);
    const second = await h.submittedOrder(4);
    for (const [o, quantity] of [
      [first, 6],
      [first, 4],
      [second, 4],
    ] as const) {
      expect((await h.receive(o.po.id, o.lineId, { quantity })).status).toBe(201);
    }

    const lines = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res = await read({ from: hourAgo(), to: inAnHour(), after, limit: 1 });
      expect(res.status).toBe(200);
      lines.push(...res.body.data);
      after = res.body.next;
      pages++;
    } while (after !== null && pages < 10);
    // A full page of one order says there may be more: the third page is empty and the last.
    expect(pages).toBe(3);
    // Orders by id, each order's receipts oldest first.
    const ofFirst = [
      [first.po.id, 6],
      [first.po.id, 4],
    ];
    const ofSecond = [[second.po.id, 4]];
    expect(lines.map((l) => [l.purchaseOrderId, l.quantity])).toEqual(
      first.po.id < second.po.id ? [...ofFirst, ...ofSecond] : [...ofSecond, ...ofFirst],
    );
    expect(lines.find((l) => l.purchaseOrderId === first.po.id)).toEqual({
      purchaseOrderId: first.po.id,
      orderNumber: first.po.orderNumber,
      type: 'STANDARD',
      channelId: first.channelId,
      supplierName: 'Acme Supply',
      currency: expect.any(String),
      lineId: first.lineId,
      receiptId: expect.any(String),
      variantId: first.variantId,
      quantity: 6,
      unitCost: 2.5,
      receivedAt: expect.any(String),
    });
  });

  it('leaves out receipts outside [from, to) and other organizations’ orders', async () => {
    const past = await read({ from: '2026-01-01T00:00:00Z', to: hourAgo() });
    expect(past.body).toEqual({ data: [], next: null });
    const other = await read({ from: hourAgo(), to: inAnHour() }, 'org_receipt_lines_other');
    expect(other.body).toEqual({ data: [], next: null });
  });

  it('refuses a body that is not a period: 400 validation_failed', async () => {
    const res = await read({ from: 'yesterday', to: inAnHour() });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});
