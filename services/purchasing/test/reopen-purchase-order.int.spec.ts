import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_reopen';

/** POST /purchase-orders/{id}/reopen: a short-closed order awaits the rest of its lines again. */
describe('reopening a short-closed purchase order', () => {
  let h: Purchasing;
  beforeAll(async () => {
    h = await startPurchasing(ORG);
  }, 60_000);
  afterAll(() => h.close());

  const post = (id: string, action: string) => h.request('POST', `/purchase-orders/${id}/${action}`);

  it('moves CLOSED back to PARTIALLY_RECEIVED (201, its event), after which the rest is received', async () => {
    const { po, lineId, variantId } = await h.submittedOrder(10);
    await h.receive(po.id, lineId, { quantity: 4 });
    expect((await post(po.id, 'close')).status).toBe(201);

    const reopened = await post(po.id, 'reopen');
    expect(reopened.status).toBe(201);
    expect(reopened.body).toMatchObject({ status: 'PARTIALLY_RECEIVED', closedAt: null });
    expect(reopened.body.lines).toEqual([expect.objectContaining({ quantity: 10, receivedQuantity: 4 })]);
    const event = await h.eventOf('purchase_order.status_changed', {
      purchaseOrderId: po.id,
      toStatus: 'PARTIALLY_RECEIVED',
      fromStatus: 'CLOSED',
    });
    expect(event.payload).toMatchObject({ orderNumber: po.orderNumber });

    const rest = await h.receive(po.id, lineId, { quantity: 6 });
    expect(rest.status).toBe(201);
    expect(rest.body.status).toBe('RECEIVED');
    expect(await h.onHand(variantId)).toBe(10);
  });

  it('refuses an order that is not CLOSED with 409 invalid_status_transition, naming the step', async () => {
    const { po } = await h.submittedOrder(5);
    const refused = await post(po.id, 'reopen');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('invalid_status_transition');
    expect(refused.body.error.message).toContain('reopen');
    const again = await h.request('GET', `/purchase-orders/${po.id}`);
    expect(again.body.status).toBe('SUBMITTED');
  });

  it('refuses a trashed order with 409 purchase_order_trashed; 404 for an unknown id, another org', async () => {
    const { po } = await h.submittedOrder(5);
    expect((await post(po.id, 'cancel')).status).toBe(201);
    expect((await h.request('DELETE', `/purchase-orders/${po.id}`)).status).toBe(200); // the trashed order
    const trashed = await post(po.id, 'reopen');
    expect(trashed.status).toBe(409);
    expect(trashed.body.error.code).toBe('purchase_order_trashed');

    expect((await post('po_nope', 'reopen')).status).toBe(404);
    const other = await h.request('POST', `/purchase-orders/${po.id}/reopen`, undefined, { orgId: 'org_other' });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('resource_not_found');
  });
});
