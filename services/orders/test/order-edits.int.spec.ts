import { eventually } from '@stockyard/testkit';
import { pushBody, startOrders, type Orders } from './support/orders';

const ORG = 'org_order_edits';
const OTHER = 'org_order_edits_other';

describe('notes, shipping address, the trash by status and restore', () => {
  let h: Orders;
  let channelId: string;
  let n = 0;
  const fresh = async (extra: Record<string, unknown> = {}) => h.order(pushBody(channelId, `E-${++n}`, extra));
  beforeAll(async () => {
    h = await startOrders(ORG, { withInventory: false });
    channelId = await h.channel();
  });
  afterAll(() => h.close());

  it('PUT notes replaces them; PUT shipping-address stores the object exactly as given', async () => {
    const order = await fresh({ notes: 'from the channel' });
    const notes = await h.request('PUT', `/orders/${order.id}/notes`, { notes: 'Call before delivery' });
    expect(notes.status).toBe(200);
    expect(notes.body.notes).toBe('Call before delivery');
    const address = { name: 'Ada', lines: ['1 Road', ''], geo: { lat: 51.5, lng: -0.12 }, po: null, gift: true };
    const res = await h.request('PUT', `/orders/${order.id}/shipping-address`, { shippingAddress: address });
    expect(res.status).toBe(200);
    expect(res.body.shippingAddress).toEqual(address);
    expect((await h.request('GET', `/orders/${order.id}`)).body).toMatchObject({
      notes: 'Call before delivery',
      shippingAddress: address,
    });
  });

  it('refuses notes missing or not a string, an address missing or not an object: 400 validation_failed', async () => {
    const order = await fresh();
    for (const body of [{}, { notes: 12 }, { notes: null }, { notes: ['a'] }]) {
      const res = await h.request('PUT', `/orders/${order.id}/notes`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    for (const body of [{}, { shippingAddress: 'Main St 1' }, { shippingAddress: null }, { shippingAddress: [1] }]) {
      const res = await h.request('PUT', `/orders/${order.id}/shipping-address`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('answers 404 for another organization’s order on each edit', async () => {
    const order = await fresh();
    const edits = [
      h.request('PUT', `/orders/${order.id}/notes`, { notes: 'x' }, { orgId: OTHER }),
      h.request('PUT', `/orders/${order.id}/shipping-address`, { shippingAddress: {} }, { orgId: OTHER }),
      h.request('POST', `/orders/${order.id}/restore`, undefined, { orgId: OTHER }),
      h.request('POST', `/orders/${order.id}/sync`, undefined, { orgId: OTHER }),
    ];
    for (const res of await Promise.all(edits)) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('resource_not_found');
    }
  });

  it('DELETE by-status: dry run by default; dryRun=false trashes; the trash lists them; restore', async () => {
    const channel = await h.channel({ name: 'Trash channel' });
    const cancelled = [
      await h.order(pushBody(channel, 'T-1', { status: 'CANCELLED' })),
      await h.order(pushBody(channel, 'T-2', { status: 'CANCELLED' })),
    ];
    const open = await h.order(pushBody(channel, 'T-3'));
    const dry = await h.request('DELETE', `/orders/by-status?channelId=${channel}&status=CANCELLED`);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, matched: 2, trashed: 0, remaining: 2 });
    expect(dry.body.orderIds.sort()).toEqual(cancelled.map((o) => o.id).sort());
    expect((await h.request('GET', `/orders?channelId=${channel}`)).body.total).toBe(3);

    const real = await h.request('DELETE', `/orders/by-status?channelId=${channel}&status=CANCELLED&dryRun=false`);
    expect(real.body).toMatchObject({ dryRun: false, matched: 2, trashed: 2, remaining: 0 });
    const live = await h.request('GET', `/orders?channelId=${channel}`);
    expect(live.body.data.map((o: { id: string }) => o.id)).toEqual([open.id]);
    const trash = await h.request('GET', '/orders/trash');
    expect(trash.body.data.map((o: { id: string }) => o.id).sort()).toEqual(cancelled.map((o) => o.id).sort());

    const restored = await h.request('POST', `/orders/${cancelled[0].id}/restore`);
    expect(restored.status).toBe(201);
    expect(restored.body.deletedAt).toBeNull();
    expect((await h.request('GET', '/orders/trash')).body.total).toBe(1);
    expect((await h.request('GET', `/orders?channelId=${channel}`)).body.total).toBe(2);
  });

  it('a trashed order refuses edits with 409 order_trashed, and the channel pushing it again finds it', async () => {
    const channel = await h.channel({ name: 'Trash again' });
    const order = await h.order(pushBody(channel, 'TA-1', { status: 'CANCELLED' }));
    await h.request('DELETE', `/orders/by-status?channelId=${channel}&dryRun=false`);
    const res = await h.request('PUT', `/orders/${order.id}/notes`, { notes: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('order_trashed');
    const again = await h.push(pushBody(channel, 'TA-1', { status: 'CANCELLED' }));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: order.id, deletedAt: expect.any(String) });
  });

  it('refuses an unknown status or dryRun in DELETE by-status with 400 validation_failed', async () => {
    for (const q of ['status=GONE', 'dryRun=maybe']) {
      const res = await h.request('DELETE', `/orders/by-status?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('GET /orders/stats counts live orders by channel and status, with order and line totals', async () => {
    const channel = await h.channel({ name: 'Stats channel' });
    const lines = [
      { channelLineId: 'a', sku: 'S1', quantity: 2, unitPrice: 10.25 },
      { channelLineId: 'b', sku: 'S2', quantity: 1, unitPrice: 4.5 },
    ];
    const first = await h.order(pushBody(channel, 'ST-1', { lines }));
    await h.order(pushBody(channel, 'ST-2', { status: 'PENDING', lines: [lines[0]] }));
    const gone = await h.order(pushBody(channel, 'ST-3', { status: 'CANCELLED' }));
    await h.request('PUT', `/orders/${first.id}/status`, { status: 'ON_HOLD' });
    await h.request('DELETE', `/orders/by-status?channelId=${channel}&status=CANCELLED&dryRun=false`);
    expect(gone.id).toBeDefined();
    const stats = await eventually(async () => {
      const res = await h.request('GET', `/orders/stats?channelId=${channel}`);
      return res.body.orders === 2 && res.body.byStatus.ON_HOLD.orders === 1 ? res.body : undefined;
    });
    expect(stats).toMatchObject({
      orders: 2,
      lines: 3,
      total: 45.5,
      byStatus: {
        ON_HOLD: { orders: 1, lines: 2, total: 25 },
        PENDING: { orders: 1, lines: 1, total: 20.5 },
        PROCESSING: { orders: 0, lines: 0, total: 0 },
        CANCELLED: { orders: 0, lines: 0, total: 0 },
      },
    });
    expect(stats.channels).toEqual([expect.objectContaining({ channelId: channel, orders: 2, total: 45.5 })]);
    const other = await h.request('GET', '/orders/stats', undefined, { orgId: OTHER });
    expect(other.body).toMatchObject({ orders: 0, channels: [] });
  });
});
