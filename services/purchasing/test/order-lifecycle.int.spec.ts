import { sendAcrossCrash } from '@stockyard/testkit';
import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_lifecycle';

describe('a purchase order from DRAFT to CANCELLED, its updates, trash and restore', () => {
  let h: Purchasing;
  let channelId: string;
  let warehouseId: string;
  let variantId: string;
  beforeAll(async () => {
    h = await startPurchasing(ORG);
    channelId = await h.supplier();
    warehouseId = await h.warehouse();
    variantId = await h.variant({ cost: 3 });
  }, 60_000);
  afterAll(() => h.close());

  const draft = (lines = [{ variantId, quantity: 2 }]) => h.order({ channelId, warehouseId, lines });
  const post = (id: string, action: string) => h.request('POST', `/purchase-orders/${id}/${action}`);

  it('GET answers the order, 404 for an unknown id and for another organization', async () => {
    const po = await draft();
    const res = await h.request('GET', `/purchase-orders/${po.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(po);
    expect((await h.request('GET', '/purchase-orders/po_nope')).status).toBe(404);
    const other = await h.request('GET', `/purchase-orders/${po.id}`, undefined, { orgId: 'org_other' });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('resource_not_found');
  });

  it('submits a DRAFT with lines (201, status_changed) and refuses a second submit with 409', async () => {
    const po = await draft();
    const res = await post(po.id, 'submit');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'SUBMITTED' });
    expect(res.body.submittedAt).not.toBeNull();
    const event = await h.eventOf('purchase_order.status_changed', { purchaseOrderId: po.id });
    expect(event.payload).toMatchObject({ fromStatus: 'DRAFT', toStatus: 'SUBMITTED', orderNumber: po.orderNumber });
    const again = await post(po.id, 'submit');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('invalid_status_transition');
  });

  it('refuses to submit an order without lines with 409 purchase_order_has_no_lines', async () => {
    const po = await draft([]);
    const res = await post(po.id, 'submit');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('purchase_order_has_no_lines');
  });

  it('cancels a SUBMITTED order with its event, and refuses to cancel after a receipt', async () => {
    const po = await draft();
    await post(po.id, 'submit');
    const res = await post(po.id, 'cancel');
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('CANCELLED');
    await h.eventOf('purchase_order.status_changed', { purchaseOrderId: po.id, toStatus: 'CANCELLED' });

    const received = await h.submittedOrder(4);
    await h.receive(received.po.id, received.lineId, { quantity: 1 });
    const refused = await post(received.po.id, 'cancel');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('invalid_status_transition');
  });

  it('short-closes a partially received order (CLOSED, its event), after which nothing more is received', async () => {
    const { po, lineId, variantId } = await h.submittedOrder(10);
    const early = await post(po.id, 'close');
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('invalid_status_transition');
    await h.receive(po.id, lineId, { quantity: 3 });
    const closed = await post(po.id, 'close');
    expect(closed.status).toBe(201);
    expect(closed.body).toMatchObject({ status: 'CLOSED', lines: [expect.objectContaining({ receivedQuantity: 3 })] });
    expect(closed.body.closedAt).not.toBeNull();
    await h.eventOf('purchase_order.status_changed', { purchaseOrderId: po.id, toStatus: 'CLOSED' });
    const late = await h.receive(po.id, lineId, { quantity: 1 });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('invalid_status_transition');
    expect(await h.onHand(variantId)).toBe(3);
  });

  it('PUT changes notes and dates any time before receipt, the supplier only while DRAFT', async () => {
    const other = await h.supplier({ name: 'Other Supply', currency: 'USD' });
    const po = await draft();
    const moved = await h.request('PUT', `/purchase-orders/${po.id}`, { channelId: other, notes: 'rush' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ channelId: other, supplierName: 'Other Supply', notes: 'rush' });
    await post(po.id, 'submit');
    const late = await h.request('PUT', `/purchase-orders/${po.id}`, { expectedAt: '2027-01-15' });
    expect(late.body.expectedAt).toBe('2027-01-15T00:00:00.000Z');
    const locked = await h.request('PUT', `/purchase-orders/${po.id}`, { channelId });
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('purchase_order_locked');
    const unknown = await h.request('PUT', `/purchase-orders/${(await draft()).id}`, { channelId: 'src_nope' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('unknown_source');
  });

  it('PUT renumbers a DRAFT, frees the old number and refuses a taken one with 409 order_number_taken', async () => {
    const a = await draft();
    const b = await draft();
    const taken = await h.request('PUT', `/purchase-orders/${b.id}`, { orderNumber: a.orderNumber });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('order_number_taken');
    const renamed = await h.request('PUT', `/purchase-orders/${a.id}`, { orderNumber: 'RENAMED-1' });
    expect(renamed.body.orderNumber).toBe('RENAMED-1');
    expect((await h.request('PUT', `/purchase-orders/${b.id}`, { orderNumber: a.orderNumber })).status).toBe(200);
    // The same number in another case is still the order's own: it stays claimed.
    expect((await h.request('PUT', `/purchase-orders/${a.id}`, { orderNumber: 'renamed-1' })).status).toBe(200);
    const reuse = await h.request('POST', '/purchase-orders', { channelId, warehouseId, orderNumber: 'RENAMED-1' });
    expect(reuse.body.error.code).toBe('order_number_taken');
  });

  it('trashes a DRAFT (in /trash, not listed), restores it, and keeps its number taken', async () => {
    const po = await draft();
    const del = await h.request('DELETE', `/purchase-orders/${po.id}`);
    expect(del.status).toBe(200);
    expect(del.body.deletedAt).not.toBeNull();
    const trash = await h.request('GET', '/purchase-orders/trash');
    expect(trash.body.data.map((p: { id: string }) => p.id)).toContain(po.id);
    const live = await h.request('GET', `/purchase-orders?search=${po.orderNumber}`);
    expect(live.body.data).toEqual([]);
    const reuse = await h.request('POST', '/purchase-orders', { channelId, warehouseId, orderNumber: po.orderNumber });
    expect(reuse.body.error.code).toBe('order_number_taken');
    const submit = await post(po.id, 'submit');
    expect(submit.status).toBe(409);
    expect(submit.body.error.code).toBe('purchase_order_trashed');
    const restored = await post(po.id, 'restore');
    expect(restored.status).toBe(201);
    expect(restored.body.deletedAt).toBeNull();
    expect((await h.request('GET', '/purchase-orders/trash')).body.data.map((p: { id: string }) => p.id)).not.toContain(
      po.id,
    );
  });

  it('refuses to trash a SUBMITTED order with 409', async () => {
    const po = await draft();
    await post(po.id, 'submit');
    const res = await h.request('DELETE', `/purchase-orders/${po.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('invalid_status_transition');
  });

  it('adds tracking once when a keyed add runs again after its process died before answering', async () => {
    const po = await draft();
    await post(po.id, 'submit');
    const send = () =>
      h.request(
        'POST',
        `/purchase-orders/${po.id}/tracking`,
        { carrier: 'DHL', trackingNumber: 'RERUN' },
        { headers: { 'idempotency-key': `track-${po.id}` } },
      );
    const [first, rerun] = await sendAcrossCrash(h.connection, `track-${po.id}`, send);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(rerun.body.tracking).toEqual(first.body.tracking);
    expect(rerun.body.tracking).toHaveLength(1);
  });

  it('adds tracking to a SUBMITTED order, several of them, and refuses it on a DRAFT', async () => {
    const po = await draft();
    const early = await h.request('POST', `/purchase-orders/${po.id}/tracking`, {
      carrier: 'DHL',
      trackingNumber: '1',
    });
    expect(early.status).toBe(409);
    await post(po.id, 'submit');
    await h.request('POST', `/purchase-orders/${po.id}/tracking`, { carrier: 'DHL', trackingNumber: 'JD01' });
    const res = await h.request('POST', `/purchase-orders/${po.id}/tracking`, {
      carrier: 'UPS',
      trackingNumber: '1Z999',
      trackingUrl: 'https://ups.example/track/1Z999',
    });
    expect(res.status).toBe(201);
    expect(res.body.tracking).toEqual([
      expect.objectContaining({ carrier: 'DHL', trackingNumber: 'JD01', trackingUrl: null }),
      expect.objectContaining({ carrier: 'UPS', trackingUrl: 'https://ups.example/track/1Z999' }),
    ]);
  });
});
