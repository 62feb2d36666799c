import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_duplicate';

/** POST /purchase-orders/{id}/duplicate: order again what an earlier order held, as a new DRAFT. */
describe('duplicating a purchase order', () => {
  let h: Purchasing;
  beforeAll(async () => {
    h = await startPurchasing(ORG);
  }, 60_000);
  afterAll(() => h.close());

  const duplicate = (id: string, headers?: Record<string, string>) =>
    h.request('POST', `/purchase-orders/${id}/duplicate`, undefined, { headers });

  it('creates a DRAFT with a new number and the lines as ordered (201, purchase_order.created)', async () => {
    const { po, lineId, channelId, warehouseId, variantId } = await h.submittedOrder(10, { notes: 'Dock 2' });
    expect((await h.receive(po.id, lineId, { quantity: 4 })).status).toBe(201);

    const copy = await duplicate(po.id);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ status: 'DRAFT', channelId, warehouseId, notes: 'Dock 2', receipts: [] });
    expect(copy.body.id).not.toBe(po.id);
    expect(copy.body.orderNumber).not.toBe(po.orderNumber);
    expect(copy.body.lines).toEqual([
      expect.objectContaining({ variantId, quantity: 10, unitCost: po.lines[0].unitCost, receivedQuantity: 0 }),
    ]);
    const event = await h.eventOf('purchase_order.created', { purchaseOrderId: copy.body.id });
    expect(event.payload).toMatchObject({ orderNumber: copy.body.orderNumber });
    // The original is as it was.
    expect((await h.request('GET', `/purchase-orders/${po.id}`)).body).toMatchObject({ status: 'PARTIALLY_RECEIVED' });
  });

  it('answers the same copy to a retry with the same Idempotency-Key', async () => {
    const { po } = await h.submittedOrder(2);
    const first = await duplicate(po.id, { 'idempotency-key': 'dup-1' });
    const again = await duplicate(po.id, { 'idempotency-key': 'dup-1' });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
  });

  it('is 404 for an unknown id and for another organization’s order', async () => {
    const { po } = await h.submittedOrder(1);
    const unknown = await duplicate('po_nope');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'resource_not_found']);
    const other = await h.request('POST', `/purchase-orders/${po.id}/duplicate`, undefined, { orgId: 'org_other' });
    expect([other.status, other.body.error.code]).toEqual([404, 'resource_not_found']);
  });
});
