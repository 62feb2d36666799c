import { pushBody, startOrders, type Orders } from './support/orders';

const ORG = 'org_order_status';
const OTHER = 'org_order_status_other';

describe('PUT /orders/{id}/status, PUT /orders/bulk/status, GET /orders/{id}/history', () => {
  let h: Orders;
  let channelId: string;
  let n = 0;
  const fresh = async (extra: Record<string, unknown> = {}) => h.order(pushBody(channelId, `S-${++n}`, extra));
  beforeAll(async () => {
    h = await startOrders(ORG, { withInventory: false });
    channelId = await h.channel();
  });
  afterAll(() => h.close());

  it('moves the order, appends the history with the note, fires order.status_changed with source api', async () => {
    const order = await fresh({ status: 'PENDING' });
    const res = await h.request('PUT', `/orders/${order.id}/status`, { status: 'ON_HOLD', note: 'fraud check' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ON_HOLD');
    const history = await h.request('GET', `/orders/${order.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.data).toEqual([
      { from: null, to: 'PENDING', source: 'channel', at: expect.any(String), note: null },
      { from: 'PENDING', to: 'ON_HOLD', source: 'api', at: expect.any(String), note: 'fraud check' },
    ]);
    const event = await h.eventOf('order.status_changed', { orderId: order.id });
    expect(event.payload).toEqual({
      orgId: ORG,
      orderId: order.id,
      channelId,
      channelOrderId: order.channelOrderId,
      fromStatus: 'PENDING',
      toStatus: 'ON_HOLD',
      source: 'api',
    });
  });

  it('refuses a transition the table forbids with 409 invalid_status_transition', async () => {
    const order = await fresh({ status: 'CANCELLED' });
    const res = await h.request('PUT', `/orders/${order.id}/status`, { status: 'PROCESSING' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('invalid_status_transition');
  });

  it('refuses an unknown status and an unknown field with 400 validation_failed', async () => {
    const order = await fresh();
    for (const body of [{ status: 'LOST' }, { status: 'SHIPPED', extra: 1 }, {}]) {
      const res = await h.request('PUT', `/orders/${order.id}/status`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('answers 404 for another organization’s order', async () => {
    const order = await fresh();
    const res = await h.request('PUT', `/orders/${order.id}/status`, { status: 'ON_HOLD' }, { orgId: OTHER });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('resource_not_found');
    const history = await h.request('GET', `/orders/${order.id}/history`, undefined, { orgId: OTHER });
    expect(history.status).toBe(404);
  });

  it('bulk: changes what it may, says which were already there, skips the rest with the reason', async () => {
    const a = await fresh();
    const b = await fresh({ status: 'ON_HOLD' });
    const c = await fresh({ status: 'DELIVERED' });
    const theirs = (await h.request('POST', '/orders', pushBody(await h.channel({}, OTHER), 'T-1'), { orgId: OTHER }))
      .body;
    const res = await h.request('PUT', '/orders/bulk/status', {
      orderIds: [a.id, b.id, c.id, theirs.id, 'ord_nope'],
      status: 'ON_HOLD',
    });
    expect(res.body.error).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [
        { orderId: a.id, outcome: 'changed', status: 'ON_HOLD', reason: null },
        { orderId: b.id, outcome: 'unchanged', status: 'ON_HOLD', reason: null },
        {
          orderId: c.id,
          outcome: 'skipped',
          status: null,
          reason: { code: 'invalid_status_transition', message: expect.any(String) },
        },
        {
          orderId: theirs.id,
          outcome: 'skipped',
          status: null,
          reason: { code: 'resource_not_found', message: expect.any(String) },
        },
        {
          orderId: 'ord_nope',
          outcome: 'skipped',
          status: null,
          reason: { code: 'resource_not_found', message: expect.any(String) },
        },
      ],
      changed: 1,
      unchanged: 1,
      skipped: 3,
    });
    const event = await h.eventOf('order.status_changed', { orderId: a.id });
    expect(event.payload.source).toBe('bulk');
  });

  it('bulk refuses an empty list and repeated ids with 400 validation_failed', async () => {
    for (const orderIds of [[], ['ord_1', 'ord_1']]) {
      const res = await h.request('PUT', '/orders/bulk/status', { orderIds, status: 'ON_HOLD' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});
