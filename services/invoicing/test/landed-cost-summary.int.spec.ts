import { startInvoicing, type Invoicing } from './support/invoicing';

describe('GET /purchase-orders/{poId}/landed-costs/summary', () => {
  let h: Invoicing;
  let po: Awaited<ReturnType<Invoicing['order']>>;

  beforeAll(async () => {
    h = await startInvoicing('org_landed_cost_summary');
    po = await h.order([
      { quantity: 10, unitCost: 4, received: 10 },
      { quantity: 5, unitCost: 10, received: 5 },
      { quantity: 2, unitCost: 3 },
    ]);
    await h.ok(
      await h.request('POST', `/purchase-orders/${po.id}/landed-costs`, {
        description: 'Freight',
        amount: 30,
        allocationMethod: 'BY_QUANTITY',
      }),
      'landed cost',
    );
    // A standard invoice 0.20 over the PO cost on the first line: a cost variance of 2.00.
    await h.invoice({
      purchaseOrderId: po.id,
      invoiceNumber: 'SUM-1',
      lines: [{ purchaseOrderLineId: po.lines[0]!.id, quantity: 10, unitCost: 4.2 }],
    });
    // A credit memo's lines are not the order's cost variances.
    await h.invoice({
      invoiceType: 'CREDIT_MEMO',
      purchaseOrderId: po.id,
      invoiceNumber: 'SUM-CM',
      lines: [{ purchaseOrderLineId: po.lines[1]!.id, quantity: 1, unitCost: 50 }],
    });
    // 4 of the first line's 10 units sold since they came in.
    const sold = { variantId: po.lines[0]!.variantId, warehouseId: po.warehouseId, quantity: -4, reason: 'sold' };
    await h.ok(await h.purchasing.inventory.request('POST', '/stock/adjust', sold), 'sell');
  }, 90_000);
  afterAll(() => h?.close());

  it('breaks down base, landed (on hand, sold), variances and per-unit cost, per line and in total', async () => {
    const res = await h.request('GET', `/purchase-orders/${po.id}/landed-costs/summary`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ purchaseOrderId: po.id, orderNumber: po.orderNumber });
    expect(res.body.lines).toEqual([
      expect.objectContaining({
        purchaseOrderLineId: po.lines[0]!.id,
        receivedQuantity: 10,
        onHandQuantity: 6,
        soldQuantity: 4,
        baseCost: 40,
        landedCost: 20,
        landedCostOnHand: 12,
        landedCostSold: 8,
        invoiceVariance: 2,
        totalCost: 62,
        perUnitLandedCost: 6.2,
      }),
      expect.objectContaining({
        receivedQuantity: 5,
        onHandQuantity: 5,
        soldQuantity: 0,
        baseCost: 50,
        landedCost: 10,
        landedCostOnHand: 10,
        landedCostSold: 0,
        invoiceVariance: 0,
        totalCost: 60,
        perUnitLandedCost: 12,
      }),
      expect.objectContaining({ receivedQuantity: 0, baseCost: 0, landedCost: 0, perUnitLandedCost: null }),
    ]);
    expect(res.body.totals).toEqual({
      receivedQuantity: 15,
      baseCost: 90,
      landedCost: 30,
      landedCostOnHand: 22,
      landedCostSold: 8,
      invoiceVariance: 2,
      totalCost: 122,
    });
  });
});
