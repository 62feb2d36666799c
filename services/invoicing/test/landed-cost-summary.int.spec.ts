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

/**
 * On hand and sold are inventory's, by the cost layers a landed cost on the line reaches: two orders
 * of one variant into one warehouse, 10 each, the older first, then sales. The variant's total on
 * hand taken by the order's newest receipts first (the summary's former rule) says otherwise.
 */
describe('GET /purchase-orders/{poId}/landed-costs/summary, on hand by the cost layers', () => {
  let h: Invoicing;
  beforeAll(async () => {
    h = await startInvoicing('org_landed_cost_layers');
  }, 90_000);
  afterAll(() => h?.close());

  /** Orders A (10 at 2.00) then B (10 at 3.00) of a new variant into one warehouse, received whole; `sold` sold. */
  async function twoOrdersThenSales(sold: number) {
    const variantId = await h.purchasing.variant();
    const a = await h.order([{ variantId, quantity: 10, unitCost: 2, received: 10 }]);
    const b = await h.order([{ variantId, quantity: 10, unitCost: 3, received: 10 }], undefined, a.warehouseId);
    const sale = { operationKey: `sale:${a.id}`, variantId, warehouseId: a.warehouseId, quantity: sold };
    const res = await h.purchasing.inventory.request(
      'POST',
      '/stock/deduct',
      { ...sale, fromReserved: false },
      { base: '/internal/v1' },
    );
    await h.ok(res, 'sell');
    return { a, b };
  }
  const landedCost = async (poId: string, amount: number) =>
    h.ok(await h.request('POST', `/purchase-orders/${poId}/landed-costs`, { description: 'Freight', amount }), 'cost');
  const summaryOf = async (poId: string) => {
    const res = await h.request('GET', `/purchase-orders/${poId}/landed-costs/summary`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('splits the older order by its own FIFO layers: 7 of its 10 sold first, so 3.00 of 10.01 on hand', async () => {
    const { a, b } = await twoOrdersThenSales(7);
    await landedCost(a.id, 10.01);
    // 13 on hand, 3 of them A's: 10.01 × 3/10 = 3.003 → 3.00 on hand, 7.01 sold (the leftover cent by remainder).
    const summary = await summaryOf(a.id);
    expect(summary.lines).toEqual([
      expect.objectContaining({
        receivedQuantity: 10,
        onHandQuantity: 3,
        soldQuantity: 7,
        landedCost: 10.01,
        landedCostOnHand: 3,
        landedCostSold: 7.01,
      }),
    ]);
    expect(summary.totals).toMatchObject({ landedCost: 10.01, landedCostOnHand: 3, landedCostSold: 7.01 });
    expect((await summaryOf(b.id)).lines[0]).toMatchObject({ onHandQuantity: 10, soldQuantity: 0 });
  });

  it('splits a moving-average order by its share of what the mixed pool has left: 8 of 20, so 4 of 10', async () => {
    const method = await h.purchasing.inventory.request(
      'PATCH',
      '/inventory-settings',
      { costingMethod: 'MOVING_AVERAGE' },
      { permissions: ['settings.write'] },
    );
    expect(method.status).toBe(200);
    const { a, b } = await twoOrdersThenSales(12);
    await landedCost(a.id, 10.01);
    // 10.01 × 4/10 = 4.004 → 4.00 on hand, 6.01 sold.
    expect((await summaryOf(a.id)).lines[0]).toMatchObject({
      onHandQuantity: 4,
      soldQuantity: 6,
      landedCostOnHand: 4,
      landedCostSold: 6.01,
    });
    expect((await summaryOf(b.id)).lines[0]).toMatchObject({ onHandQuantity: 4, soldQuantity: 6 });
  });
});
