import { sendAcrossCrash } from '@stockyard/testkit';
import { pushBody, startOrders, type Orders } from './support/orders';

const ORG = 'org_shipments';
const OTHER = 'org_shipments_other';

describe('POST /orders/{id}/shipments, GET /shipments, GET /shipments/{id}', () => {
  let h: Orders;
  let channelId: string;
  let n = 0;
  const twoLines = [
    { channelLineId: 'a', sku: 'S-A', quantity: 3, unitPrice: 1 },
    { channelLineId: 'b', sku: 'S-B', quantity: 1, unitPrice: 1 },
  ];
  const fresh = async (extra: Record<string, unknown> = {}) =>
    h.order(pushBody(channelId, `SH-${++n}`, { lines: twoLines, ...extra }));
  beforeAll(async () => {
    h = await startOrders(ORG, { withInventory: false });
    channelId = await h.channel();
  });
  afterAll(() => h.close());

  it('records one shipment when a keyed shipment runs again after its process died before answering', async () => {
    const order = await fresh();
    const body = { carrier: 'DHL', lines: [{ lineId: order.lines[0].id, quantity: 1 }] };
    const send = () =>
      h.request('POST', `/orders/${order.id}/shipments`, body, { headers: { 'idempotency-key': `ship-${order.id}` } });
    const [first, rerun] = await sendAcrossCrash(h.connection, `ship-${order.id}`, send);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(rerun.body).toEqual(first.body);
    const now = await h.request('GET', `/orders/${order.id}`);
    expect(now.body.lines[0].shippedQuantity).toBe(1);
    expect((await h.request('GET', `/shipments?orderId=${order.id}`)).body.data).toHaveLength(1);
  });

  it('ships part, then the rest: PARTIALLY_SHIPPED, then SHIPPED, order.shipped with the exact fields', async () => {
    const order = await fresh();
    const [a, b] = order.lines;
    const part = await h.request('POST', `/orders/${order.id}/shipments`, {
      carrier: 'DHL',
      trackingNumber: 'JD0001',
      trackingUrl: 'https://track.example.test/JD0001',
      shippedAt: '2026-03-02T08:00:00Z',
      lines: [{ lineId: a.id, quantity: 2 }],
    });
    expect(part.status).toBe(201);
    expect(part.body).toEqual({
      id: expect.stringMatching(/^shp_/),
      orderId: order.id,
      channelId,
      carrier: 'DHL',
      trackingNumber: 'JD0001',
      trackingUrl: 'https://track.example.test/JD0001',
      shippedAt: '2026-03-02T08:00:00.000Z',
      lines: [{ lineId: a.id, variantId: null, sku: 'S-A', quantity: 2 }],
      createdAt: expect.any(String),
    });
    const shipped = await h.eventOf('order.shipped', { shipmentId: part.body.id });
    expect(shipped.payload).toEqual({
      orgId: ORG,
      orderId: order.id,
      shipmentId: part.body.id,
      carrier: 'DHL',
      trackingNumber: 'JD0001',
      trackingUrl: 'https://track.example.test/JD0001',
      shippedAt: '2026-03-02T08:00:00.000Z',
    });
    expect((await h.request('GET', `/orders/${order.id}`)).body).toMatchObject({
      status: 'PARTIALLY_SHIPPED',
      shipmentIds: [part.body.id],
    });

    const rest = await h.request('POST', `/orders/${order.id}/shipments`, {});
    expect(rest.status).toBe(201);
    expect(rest.body.lines).toEqual([
      { lineId: a.id, variantId: null, sku: 'S-A', quantity: 1 },
      { lineId: b.id, variantId: null, sku: 'S-B', quantity: 1 },
    ]);
    const bare = await h.eventOf('order.shipped', { shipmentId: rest.body.id });
    expect(bare.payload).toMatchObject({ carrier: null, trackingNumber: null, trackingUrl: null });
    const after = (await h.request('GET', `/orders/${order.id}`)).body;
    expect(after.status).toBe('SHIPPED');
    expect(after.lines.map((l: { shippedQuantity: number }) => l.shippedQuantity)).toEqual([3, 1]);
    const moves = h
      .named('order.status_changed', { orderId: order.id })
      .map((e) => `${e.payload.fromStatus}>${e.payload.toStatus}:${e.payload.source}`);
    expect(moves).toEqual(['PROCESSING>PARTIALLY_SHIPPED:shipment', 'PARTIALLY_SHIPPED>SHIPPED:shipment']);
  });

  it('refuses shipping more than was ordered with 422 over_shipment, and nothing is recorded', async () => {
    const order = await fresh();
    const res = await h.request('POST', `/orders/${order.id}/shipments`, {
      lines: [{ lineId: order.lines[1].id, quantity: 2 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('over_shipment');
    expect((await h.request('GET', `/orders/${order.id}`)).body).toMatchObject({
      status: 'PROCESSING',
      shipmentIds: [],
    });
  });

  it('refuses another order’s line (422 line_not_found), nothing left (nothing_to_ship), cancelled (409)', async () => {
    const order = await fresh();
    const other = await fresh();
    const wrongLine = await h.request('POST', `/orders/${order.id}/shipments`, {
      lines: [{ lineId: other.lines[0].id, quantity: 1 }],
    });
    expect(wrongLine.status).toBe(422);
    expect(wrongLine.body.error.code).toBe('line_not_found');
    await h.request('POST', `/orders/${order.id}/shipments`, {});
    const again = await h.request('POST', `/orders/${order.id}/shipments`, {});
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('nothing_to_ship');
    const cancelled = await fresh({ status: 'CANCELLED' });
    const res = await h.request('POST', `/orders/${cancelled.id}/shipments`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('invalid_status_transition');
  });

  it('refuses a bad body with 400 validation_failed', async () => {
    const order = await fresh();
    const bodies = [
      { lines: [] },
      { lines: [{ lineId: order.lines[0].id, quantity: 0 }] },
      { trackingUrl: 'ftp://x' },
      { shippedAt: 'soon' },
    ];
    for (const body of bodies) {
      const res = await h.request('POST', `/orders/${order.id}/shipments`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('lists shipments newest first, by order and by dates; another organization sees none (404 by id)', async () => {
    const order = await fresh();
    const early = await h.request('POST', `/orders/${order.id}/shipments`, {
      shippedAt: '2025-06-01',
      lines: [{ lineId: order.lines[0].id, quantity: 1 }],
    });
    const late = await h.request('POST', `/orders/${order.id}/shipments`, { shippedAt: '2025-07-01' });
    const byOrder = await h.request('GET', `/shipments?orderId=${order.id}`);
    expect(byOrder.body).toMatchObject({ total: 2, limit: 50, offset: 0 });
    expect(byOrder.body.data.map((s: { id: string }) => s.id)).toEqual([late.body.id, early.body.id]);
    const june = await h.request('GET', '/shipments?startDate=2025-05-01&endDate=2025-06-30');
    expect(june.body.data.map((s: { id: string }) => s.id)).toEqual([early.body.id]);
    expect((await h.request('GET', `/shipments/${late.body.id}`)).body).toEqual(late.body);
    const theirs = await h.request('GET', `/shipments/${late.body.id}`, undefined, { orgId: OTHER });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('resource_not_found');
    expect((await h.request('GET', '/shipments', undefined, { orgId: OTHER })).body.total).toBe(0);
    const shipTheirs = await h.request('POST', `/orders/${order.id}/shipments`, {}, { orgId: OTHER });
    expect(shipTheirs.status).toBe(404);
  });
});
