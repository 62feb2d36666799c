import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_receive';

describe('POST /purchase-orders/{id}/lines/{lineId}/receive', () => {
  let h: Purchasing;
  beforeAll(async () => {
    h = await startPurchasing(ORG);
  }, 60_000);
  afterAll(() => h.close());

  it('puts the stock into the warehouse, partly then fully, with the status events and line_received', async () => {
    const { po, lineId, variantId, warehouseId } = await h.submittedOrder(10);
    const part = await h.receive(po.id, lineId, { quantity: 4 });
    expect(part.status).toBe(201);
    expect(part.body.status).toBe('PARTIALLY_RECEIVED');
    expect(part.body.lines[0]).toMatchObject({ receivedQuantity: 4, openQuantity: 6 });
    expect(part.body.receipts).toEqual([expect.objectContaining({ quantity: 4, status: 'applied' })]);
    expect(await h.onHand(variantId)).toBe(4);

    const rest = await h.receive(po.id, lineId, { quantity: 6 });
    expect(rest.body).toMatchObject({ status: 'RECEIVED', lines: [expect.objectContaining({ receivedQuantity: 10 })] });
    expect(rest.body.receivedAt).not.toBeNull();
    expect(await h.onHand(variantId)).toBe(10);

    const partial = await h.eventOf('purchase_order.status_changed', {
      purchaseOrderId: po.id,
      toStatus: 'PARTIALLY_RECEIVED',
    });
    expect(partial.payload).toEqual({
      orgId: ORG,
      purchaseOrderId: po.id,
      orderNumber: po.orderNumber,
      fromStatus: 'SUBMITTED',
      toStatus: 'PARTIALLY_RECEIVED',
    });
    await h.eventOf('purchase_order.status_changed', { purchaseOrderId: po.id, toStatus: 'RECEIVED' });
    const received = await h.eventOf('purchase_order.line_received', { purchaseOrderId: po.id, quantity: 6 });
    expect(received.payload).toMatchObject({
      lineId,
      variantId,
      warehouseId,
      unitCost: 2.5,
      receivedQuantity: 10,
      receiptId: rest.body.receipts[1].id,
    });
  });

  it("puts the stock in at the line's unit cost, its cost layer tagged with the line (for landed costs)", async () => {
    const { po, lineId, variantId } = await h.submittedOrder(10);
    expect((await h.receive(po.id, lineId, { quantity: 4 })).status).toBe(201);
    const inventoryDb = h.inventory.connection;
    const entries = await inventoryDb.collection('stock_valuation_entries').find({ variantId }).toArray();
    // The line's unit cost is the variant's cost, $2.50: 4 × 250 = 1,000 cents.
    expect(entries.map((e) => [e.kind, e.quantity, e.valueCents])).toEqual([['RECEIPT', 4, 1000]]);
    const level = await inventoryDb.collection('stock_levels').findOne({ variantId });
    // Inventory stores a level's cost pools packed in one string (its stock-level.codec.ts).
    const costPools: unknown = typeof level?.costPools === 'string' ? JSON.parse(level.costPools) : level?.costPools;
    expect(costPools).toEqual([
      expect.objectContaining({
        layers: [expect.objectContaining({ quantity: 4, valueCents: 1000, origin: `${po.id}:${lineId}` })],
      }),
    ]);
  });

  it('receives into the bin named', async () => {
    const { po, lineId, variantId, warehouseId } = await h.submittedOrder(5);
    const binId = await h.bin(warehouseId, 'A-01');
    expect((await h.receive(po.id, lineId, { quantity: 5, binId })).status).toBe(201);
    const breakdown = await h.inventory.request('GET', `/stock/variant/${variantId}/breakdown`);
    expect(JSON.stringify(breakdown.body)).toContain(binId);
  });

  it('refuses more than the open quantity with 422 over_receipt', async () => {
    const { po, lineId, variantId } = await h.submittedOrder(3);
    const res = await h.receive(po.id, lineId, { quantity: 3.5 });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('over_receipt');
    expect(await h.onHand(variantId)).toBe(0);
  });

  it('lets only one of two concurrent receipts for the last units through', async () => {
    const { po, lineId, variantId } = await h.submittedOrder(5);
    const answers = await Promise.all([
      h.receive(po.id, lineId, { quantity: 5 }),
      h.receive(po.id, lineId, { quantity: 5 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body.error.code).toBe('over_receipt');
    expect(await h.onHand(variantId)).toBe(5);
  });

  it('moves stock once for a request sent twice at once and again with the same Idempotency-Key', async () => {
    const { po, lineId, variantId } = await h.submittedOrder(8);
    const headers = { 'Idempotency-Key': `rcv-${po.id}` };
    const twice = await Promise.all([
      h.receive(po.id, lineId, { quantity: 2 }, headers),
      h.receive(po.id, lineId, { quantity: 2 }, headers),
    ]);
    expect(twice.map((a) => a.status).sort()).toEqual([201, 409]);
    const replay = await h.receive(po.id, lineId, { quantity: 2 }, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const order = (await h.request('GET', `/purchase-orders/${po.id}`)).body;
    expect(order.receipts).toHaveLength(1);
    expect(await h.onHand(variantId)).toBe(2);
  });

  it('records a DROPSHIP receipt without moving stock', async () => {
    const channelId = await h.supplier();
    const variantId = await h.variant({ cost: 1 });
    const po = await h.order({ channelId, type: 'DROPSHIP', lines: [{ variantId, quantity: 2 }] });
    await h.request('POST', `/purchase-orders/${po.id}/submit`);
    const res = await h.receive(po.id, po.lines[0].id, { quantity: 2 });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('RECEIVED');
    expect(await h.onHand(variantId)).toBe(0);
    const event = await h.eventOf('purchase_order.line_received', { purchaseOrderId: po.id });
    expect(event.payload.warehouseId).toBeNull();
  });

  it.each(['DRAFT', 'CANCELLED'])(
    'refuses a receipt on a %s order with 409 invalid_status_transition',
    async (status) => {
      const channelId = await h.supplier();
      const warehouseId = await h.warehouse();
      const variantId = await h.variant({ cost: 1 });
      const po = await h.order({ channelId, warehouseId, lines: [{ variantId, quantity: 2 }] });
      if (status === 'CANCELLED') await h.request('POST', `/purchase-orders/${po.id}/cancel`);
      const res = await h.receive(po.id, po.lines[0].id, { quantity: 1 });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('invalid_status_transition');
    },
  );

  it('rejects a receipt inventory refuses (an unknown bin) with 422 receipt_refused, moving nothing', async () => {
    const { po, lineId, variantId } = await h.submittedOrder(4);
    const res = await h.receive(po.id, lineId, { quantity: 4, binId: 'bin_nowhere' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('receipt_refused');
    const order = (await h.request('GET', `/purchase-orders/${po.id}`)).body;
    expect(order.receipts).toEqual([expect.objectContaining({ status: 'rejected' })]);
    expect(order.lines[0].openQuantity).toBe(4);
    expect(await h.onHand(variantId)).toBe(0);
  });

  it('answers 404 for an unknown line and for another organization', async () => {
    const { po, lineId } = await h.submittedOrder(1);
    expect((await h.receive(po.id, 'pol_nope', { quantity: 1 })).status).toBe(404);
    const other = await h.request(
      'POST',
      `/purchase-orders/${po.id}/lines/${lineId}/receive`,
      { quantity: 1 },
      {
        orgId: 'org_someone_else',
      },
    );
    expect(other.status).toBe(404);
  });
});
