import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_create';

describe('POST /purchase-orders', () => {
  let h: Purchasing;
  let channelId: string;
  let warehouseId: string;
  beforeAll(async () => {
    h = await startPurchasing(ORG);
    channelId = await h.supplier({ name: 'Nordic Parts', currency: 'SEK' });
    warehouseId = await h.warehouse();
  }, 60_000);
  afterAll(() => h.close());

  it('creates a DRAFT order with a generated number, the supplier currency and lines priced by the offer', async () => {
    const variantId = await h.variant({ cost: 9 });
    await h.offers(channelId, [{ sku: 'NP-100', cost: 4.25, variantId }]);
    const res = await h.request('POST', '/purchase-orders', {
      channelId,
      warehouseId,
      expectedAt: '2026-12-24',
      lines: [{ variantId, quantity: 3 }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'DRAFT',
      type: 'STANDARD',
      channelId,
      supplierName: 'Nordic Parts',
      warehouseId,
      currency: 'SEK',
      expectedAt: '2026-12-24T00:00:00.000Z',
      total: 12.75,
    });
    expect(res.body.orderNumber).toMatch(/^PO-\d{6}$/);
    expect(res.body.lines).toEqual([
      expect.objectContaining({ variantId, supplierSku: 'NP-100', quantity: 3, unitCost: 4.25, receivedQuantity: 0 }),
    ]);
    const event = await h.eventOf('purchase_order.created', { purchaseOrderId: res.body.id });
    expect(event.payload).toEqual({
      orgId: ORG,
      purchaseOrderId: res.body.id,
      orderNumber: res.body.orderNumber,
      channelId,
      type: 'STANDARD',
      status: 'DRAFT',
    });
  });

  it('generates consecutive numbers for the organization', async () => {
    const a = await h.order({ channelId, warehouseId });
    const b = await h.order({ channelId, warehouseId });
    const n = (po: { orderNumber: string }) => Number(po.orderNumber.slice(3));
    expect(n(b)).toBe(n(a) + 1);
  });

  it('skips a generated number that an order took by hand', async () => {
    const a = await h.order({ channelId, warehouseId });
    const next = `PO-${String(Number(a.orderNumber.slice(3)) + 1).padStart(6, '0')}`;
    await h.order({ channelId, warehouseId, orderNumber: next });
    const b = await h.order({ channelId, warehouseId });
    expect(Number(b.orderNumber.slice(3))).toBe(Number(a.orderNumber.slice(3)) + 2);
  });

  it('prices a line at the variant cost when the supplier has no offer, and keeps given values', async () => {
    const variantId = await h.variant({ cost: 7.5 });
    const po = await h.order({
      channelId,
      warehouseId,
      lines: [
        { variantId, quantity: 1 },
        { variantId, quantity: 2, unitCost: 6, supplierSku: 'MY-SKU' },
      ],
    });
    expect(po.lines.map((l: { unitCost: number; supplierSku: string | null }) => [l.unitCost, l.supplierSku])).toEqual([
      [7.5, null],
      [6, 'MY-SKU'],
    ]);
  });

  it('refuses a supplied order number twice, in any case, with 409 order_number_taken', async () => {
    expect((await h.order({ channelId, warehouseId, orderNumber: 'ACME-77' })).orderNumber).toBe('ACME-77');
    const again = await h.request('POST', '/purchase-orders', { channelId, warehouseId, orderNumber: 'acme-77' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('order_number_taken');
  });

  it('creates a DROPSHIP order without a warehouse', async () => {
    const po = await h.order({ channelId, type: 'DROPSHIP' });
    expect(po).toMatchObject({ type: 'DROPSHIP', warehouseId: null });
  });

  it.each([
    ['a STANDARD order without a warehouse', () => ({ channelId }), 'warehouse_required'],
    ['an unknown warehouse', () => ({ channelId, warehouseId: 'wh_nope' }), 'unknown_warehouse'],
    ['an unknown supplier', () => ({ channelId: 'src_nope', warehouseId }), 'unknown_source'],
    [
      'a line for an unknown variant',
      () => ({ channelId, warehouseId, lines: [{ variantId: 'var_nope', quantity: 1, unitCost: 1 }] }),
      'unknown_variant',
    ],
  ])('refuses %s with 422', async (_, body, code) => {
    const res = await h.request('POST', '/purchase-orders', body());
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(code);
  });

  it('refuses a line with no cost anywhere with 422 unit_cost_required', async () => {
    const variantId = await h.variant();
    const res = await h.request('POST', '/purchase-orders', {
      channelId,
      warehouseId,
      lines: [{ variantId, quantity: 1 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unit_cost_required');
  });

  it('refuses a trashed supplier with 422 unknown_source', async () => {
    const gone = await h.supplier({ name: 'Gone Ltd' });
    expect((await h.catalog.request('DELETE', `/sources/${gone}`)).status).toBe(204);
    const res = await h.request('POST', '/purchase-orders', { channelId: gone, warehouseId });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unknown_source');
  });

  it('refuses a malformed body with 400 naming the field', async () => {
    const res = await h.request('POST', '/purchase-orders', { channelId, lines: [{ variantId: 'v', quantity: -1 }] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});
