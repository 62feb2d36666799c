import { eventually } from '@stockyard/testkit';
import { pushBody, startOrders, type Orders } from './support/orders';

const ORG = 'org_import_order';
const OTHER = 'org_import_order_other';

describe('POST /orders (an API channel pushes its order)', () => {
  let h: Orders;
  let channelId: string;
  beforeAll(async () => {
    h = await startOrders(ORG);
    channelId = await h.channel();
  });
  afterAll(() => h.close());

  it('creates it (201), links lines by variantId and SKU, an unknown SKU left unlinked, order.created', async () => {
    const byId = await h.variant({ name: 'Blue mug', sku: 'MUG-BLUE', price: 12 });
    const bySku = await h.variant({ name: 'Red mug', sku: 'MUG-RED', price: 11 });
    const res = await h.push({
      channelId,
      channelOrderId: 'A-1001',
      orderedAt: '2026-03-01T09:30:00Z',
      currency: 'eur',
      customer: { name: 'Ada Lovelace', email: 'ada@example.test' },
      shippingAddress: { line1: '1 Analytical St', city: 'London', extra: { floor: 3, door: null } },
      notes: 'Leave at the door',
      lines: [
        { channelLineId: 'L1', variantId: byId.id, quantity: 2, unitPrice: 12.5 },
        { channelLineId: 'L2', sku: ' mug-red ', quantity: 1, unitPrice: 11 },
        { channelLineId: 'L3', sku: 'NO-SUCH-SKU', quantity: 3, unitPrice: 0.1 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      channelId,
      channelOrderId: 'A-1001',
      channelPlatform: 'API',
      status: 'PROCESSING',
      orderedAt: '2026-03-01T09:30:00.000Z',
      currency: 'EUR',
      customer: { name: 'Ada Lovelace', email: 'ada@example.test', phone: null },
      shippingAddress: { line1: '1 Analytical St', city: 'London', extra: { floor: 3, door: null } },
      notes: 'Leave at the door',
      lineCount: 3,
      quantity: 6,
      total: 36.3,
      blockedOnBuild: false,
      deletedAt: null,
    });
    const [l1, l2, l3] = res.body.lines;
    expect(l1).toMatchObject({
      channelLineId: 'L1',
      variantId: byId.id,
      sku: 'MUG-BLUE',
      total: 25,
      shippedQuantity: 0,
    });
    expect(l2).toMatchObject({ channelLineId: 'L2', variantId: bySku.id, sku: ' mug-red '.trim(), total: 11 });
    expect(l3).toMatchObject({ channelLineId: 'L3', variantId: null, sku: 'NO-SUCH-SKU', total: 0.3 });
    expect(new Set(res.body.lines.map((l: { id: string }) => l.id)).size).toBe(3);
    const event = await h.eventOf('order.created', { orderId: res.body.id });
    expect(event.payload).toEqual({ orgId: ORG, channelId, orderId: res.body.id });
  });

  it('the same order pushed again answers 200, the same order and lines, and no second order.created', async () => {
    const first = await h.order(pushBody(channelId, 'A-2001'));
    const again = await h.push(pushBody(channelId, 'A-2001'));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
    expect(again.body.lines.map((l: { id: string }) => l.id)).toEqual(first.lines.map((l: { id: string }) => l.id));
    await h.eventOf('order.created', { orderId: first.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.named('order.created', { orderId: first.id })).toHaveLength(1);
    const list = await h.request('GET', `/orders?search=A-2001`);
    expect(list.body.data.map((o: { id: string }) => o.id)).toEqual([first.id]);
  });

  it('twenty pushes of one order at once make one order', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => h.push(pushBody(channelId, 'A-RACE'))));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
  });

  it('applies what a push again carries: its status (source channel), address, notes and lines', async () => {
    const first = await h.order(pushBody(channelId, 'A-3001'));
    const res = await h.push(
      pushBody(channelId, 'A-3001', {
        status: 'SHIPPED',
        shippingAddress: { city: 'Paris' },
        notes: 'Changed on the channel',
        lines: [
          { channelLineId: 'L1', sku: 'SKU-NONE', quantity: 4, unitPrice: 10 },
          { channelLineId: 'L9', sku: 'SKU-NEW', quantity: 1, unitPrice: 1 },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'SHIPPED',
      channelStatus: 'SHIPPED',
      shippingAddress: { city: 'Paris' },
      notes: 'Changed on the channel',
      total: 41,
    });
    expect(res.body.lines[0]).toMatchObject({ id: first.lines[0].id, quantity: 4 });
    expect(res.body.lines[1]).toMatchObject({ channelLineId: 'L9', quantity: 1 });
    const event = await h.eventOf('order.status_changed', { orderId: first.id });
    expect(event.payload).toEqual({
      orgId: ORG,
      orderId: first.id,
      channelId,
      channelOrderId: 'A-3001',
      fromStatus: 'PROCESSING',
      toStatus: 'SHIPPED',
      source: 'channel',
    });
  });

  it('a status the table forbids is kept as the channel status, never applied, never refused', async () => {
    await h.order(pushBody(channelId, 'A-4001', { status: 'CANCELLED' }));
    const res = await h.push(pushBody(channelId, 'A-4001', { status: 'PROCESSING' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELLED', channelStatus: 'PROCESSING' });
  });

  it('refuses an unknown channel, another organization’s and a deleted one with 422 unknown_channel', async () => {
    const theirs = await h.channel({}, OTHER);
    const gone = await h.channel({ name: 'Gone' });
    await h.catalog.request('DELETE', `/channels/${gone}`);
    for (const id of ['ch_nope', theirs, gone]) {
      const res = await h.push(pushBody(id, 'A-5001'));
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('unknown_channel');
    }
  });

  it('refuses a non-API channel (422 wrong_channel_platform) and an inactive one (channel_inactive)', async () => {
    const shop = await h.channel({ name: 'Shop', platform: 'STOREFRONT' });
    const off = await h.channel({ name: 'Off', active: false });
    const wrong = await h.push(pushBody(shop, 'A-6001'));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('wrong_channel_platform');
    const inactive = await h.push(pushBody(off, 'A-6002'));
    expect(inactive.status).toBe(422);
    expect(inactive.body.error.code).toBe('channel_inactive');
  });

  it('refuses an order with no lines and a line of a non-positive quantity with 400 validation_failed', async () => {
    const bodies = [
      { channelId, channelOrderId: 'A-7001', lines: [] },
      { channelId, channelOrderId: 'A-7002', lines: [{ sku: 'X', quantity: 0 }] },
      { channelId, channelOrderId: 'A-7003', lines: [{ sku: 'X', quantity: -2 }] },
      { channelId, channelOrderId: 'A-7004' },
    ];
    for (const body of bodies) {
      const res = await h.push(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details[0].field).toMatch(/^lines/);
    }
  });

  it('refuses a line naming an unknown variant with 422 unknown_variant', async () => {
    const res = await h.push(pushBody(channelId, 'A-8001', { lines: [{ variantId: 'var_nope', quantity: 1 }] }));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unknown_variant');
  });

  it('answers 503 dependency_unavailable while the catalog is down', async () => {
    const down = await startOrders('org_import_down', {
      env: { CATALOG_URL: 'http://127.0.0.1:9' },
      withInventory: false,
    });
    try {
      const res = await down.push(pushBody('ch_any', 'A-9001'));
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('dependency_unavailable');
    } finally {
      await down.close();
    }
  });

  it('reads an order by id; another organization’s id is 404', async () => {
    const order = await h.order(pushBody(channelId, 'A-10001'));
    const got = await h.request('GET', `/orders/${order.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(order);
    const theirs = await h.request('GET', `/orders/${order.id}`, undefined, { orgId: OTHER });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('resource_not_found');
    await eventually(() => (h.named('order.created', { orderId: order.id }).length === 1 ? true : undefined));
  });
});
