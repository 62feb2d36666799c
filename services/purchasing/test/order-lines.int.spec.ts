import { sendAcrossCrash } from '@stockyard/testkit';
import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_lines';

describe('/purchase-orders/{id}/lines', () => {
  let h: Purchasing;
  let channelId: string;
  let warehouseId: string;
  beforeAll(async () => {
    h = await startPurchasing(ORG);
    channelId = await h.supplier();
    warehouseId = await h.warehouse();
  }, 60_000);
  afterAll(() => h.close());

  it('adds a line priced by the supplier offer (201)', async () => {
    const variantId = await h.variant({ cost: 8 });
    await h.offers(channelId, [{ sku: 'OFF-1', cost: 6.4, variantId }]);
    const po = await h.order({ channelId, warehouseId });
    const res = await h.request('POST', `/purchase-orders/${po.id}/lines`, { variantId, quantity: 5 });
    expect(res.status).toBe(201);
    expect(res.body.lines).toEqual([
      expect.objectContaining({ variantId, quantity: 5, unitCost: 6.4, supplierSku: 'OFF-1', receivedQuantity: 0 }),
    ]);
    expect(res.body.total).toBe(32);
  });

  it('adds the line once when a keyed add runs again after its process died before answering', async () => {
    const variantId = await h.variant({ cost: 2 });
    const po = await h.order({ channelId, warehouseId });
    const send = () =>
      h.request(
        'POST',
        `/purchase-orders/${po.id}/lines`,
        { variantId, quantity: 3 },
        { headers: { 'idempotency-key': `line-${po.id}` } },
      );
    const [first, rerun] = await sendAcrossCrash(h.connection, `line-${po.id}`, send);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(rerun.body.lines).toEqual(first.body.lines);
    expect(rerun.body.lines).toHaveLength(1);
  });

  it('refuses a line for an unknown variant with 422 unknown_variant', async () => {
    const po = await h.order({ channelId, warehouseId });
    const res = await h.request('POST', `/purchase-orders/${po.id}/lines`, { variantId: 'var_nope', quantity: 1 });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unknown_variant');
  });

  it('refuses line edits once goods arrived (PARTIALLY_RECEIVED) with 409 invalid_status_transition', async () => {
    const { po, lineId } = await h.submittedOrder(10);
    await h.receive(po.id, lineId, { quantity: 4 });
    const cheaper = await h.request('PUT', `/purchase-orders/${po.id}/lines/${lineId}`, { unitCost: 0.5 });
    expect(cheaper.status).toBe(409);
    expect(cheaper.body.error.code).toBe('invalid_status_transition');
    expect((await h.request('DELETE', `/purchase-orders/${po.id}/lines/${lineId}`)).status).toBe(409);
  });

  it('changes and removes a line of a SUBMITTED order', async () => {
    const { po } = await h.submittedOrder(10);
    const variantId = await h.variant({ cost: 1 });
    const added = await h.request('POST', `/purchase-orders/${po.id}/lines`, { variantId, quantity: 6 });
    expect(added.status).toBe(201);
    const down = await h.request('PUT', `/purchase-orders/${po.id}/lines/${added.body.lines[1].id}`, {
      quantity: 3,
      unitCost: 0.75,
    });
    expect(down.status).toBe(200);
    expect(down.body.lines[1]).toMatchObject({ quantity: 3, unitCost: 0.75 });
    const gone = await h.request('DELETE', `/purchase-orders/${po.id}/lines/${added.body.lines[1].id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.lines).toHaveLength(1);
  });

  it('refuses line changes on a CANCELLED order with 409, and 404 for an unknown line', async () => {
    const variantId = await h.variant({ cost: 1 });
    const po = await h.order({ channelId, warehouseId, lines: [{ variantId, quantity: 1 }] });
    expect((await h.request('PUT', `/purchase-orders/${po.id}/lines/pol_nope`, { quantity: 2 })).status).toBe(404);
    await h.request('POST', `/purchase-orders/${po.id}/cancel`);
    const res = await h.request('POST', `/purchase-orders/${po.id}/lines`, { variantId, quantity: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('invalid_status_transition');
    const del = await h.request('DELETE', `/purchase-orders/${po.id}/lines/${po.lines[0].id}`);
    expect(del.status).toBe(409);
  });
});
