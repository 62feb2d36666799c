import type { FeedOrder } from '@stockyard/contracts';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { pushBody, startOrders, type Orders } from './support/orders';

const ORG = 'org_feed_sync';

const feedOrder = (channelOrderId: string, fields: Partial<FeedOrder> = {}): FeedOrder => ({
  channelOrderId,
  status: 'paid',
  createdAt: '2026-03-01T08:00:00Z',
  updatedAt: '2026-03-01T08:00:00Z',
  currency: 'usd',
  shippingAddress: { city: 'Boston' },
  lines: [{ lineId: `${channelOrderId}-1`, sku: 'FEED-SKU', quantity: 2, unitPrice: 4.5 }],
  ...fields,
});

describe('platform sync: HTTP_FEED channels polled, POST /orders/{id}/sync', () => {
  let h: Orders;
  let feed: FeedServer;
  let broken: FeedServer;
  let channelId: string;
  let brokenId: string;
  let secret: string;
  let variantId: string;
  const poll = () => h.deps.feeds.poller.tick();
  const byChannelOrder = async (channelOrderId: string) =>
    (await h.request('GET', `/orders?channelId=${channelId}&search=${channelOrderId}`)).body.data[0];

  beforeAll(async () => {
    feed = await startFeedServer(2);
    broken = await startFeedServer();
    broken.fail(500);
    h = await startOrders(ORG, {
      withInventory: false,
      env: { FEED_URL_ALLOWLIST: '127.0.0.1', FEED_BACKOFF_MS: '60000' },
    });
    variantId = (await h.variant({ name: 'Feed item', sku: 'FEED-SKU', price: 4.5 })).id;
    const created = await h.ok(
      await h.catalog.request('POST', '/channels', { name: 'Market', platform: 'HTTP_FEED', feedUrl: feed.url }),
      'feed channel',
    );
    channelId = created.id;
    secret = created.feedSecret;
    brokenId = await h.channel({ name: 'Broken', platform: 'HTTP_FEED', feedUrl: broken.url });
  });
  afterAll(async () => {
    await h.close();
    await feed.close();
    await broken.close();
  });

  it('creates the feed’s orders across pages, maps statuses, links SKUs, the secret as a bearer token', async () => {
    feed.put(feedOrder('F-1', { updatedAt: '2026-03-01T08:00:00Z' }));
    feed.put(feedOrder('F-2', { status: 'Awaiting-Fraud-Check', updatedAt: '2026-03-01T09:00:00Z', notes: 'VIP' }));
    feed.put(feedOrder('F-3', { status: 'fulfilled', updatedAt: '2026-03-01T10:00:00Z' }));
    await poll();
    const pages = feed.requests.filter((r) => r.url.pathname === '/feed');
    expect(pages.map((r) => r.url.searchParams.get('cursor'))).toEqual([null, '2']);
    expect(pages.every((r) => r.authorization === `Bearer ${secret}`)).toBe(true);

    const f1 = await byChannelOrder('F-1');
    expect(f1).toMatchObject({
      channelPlatform: 'HTTP_FEED',
      status: 'PROCESSING',
      channelStatus: 'paid',
      orderedAt: '2026-03-01T08:00:00.000Z',
      currency: 'USD',
      shippingAddress: { city: 'Boston' },
      total: 9,
    });
    expect(f1.lines).toEqual([expect.objectContaining({ channelLineId: 'F-1-1', variantId, quantity: 2 })]);
    const f2 = await byChannelOrder('F-2');
    expect(f2).toMatchObject({ status: 'PENDING', channelStatus: 'Awaiting-Fraud-Check' });
    expect(f2.notes).toBe('VIP\nChannel status "Awaiting-Fraud-Check" has no mapping; the status stays PENDING.');
    expect((await byChannelOrder('F-3')).status).toBe('SHIPPED');
    for (const o of [f1, f2]) await h.eventOf('order.created', { orderId: o.id, channelId });
  });

  it('asks for what changed after the latest order seen, and applies a changed status (source channel)', async () => {
    feed.requests.length = 0;
    feed.put(
      feedOrder('F-1', { status: 'shipped', updatedAt: '2026-03-02T08:00:00Z', shippingAddress: { city: 'Salem' } }),
    );
    await poll();
    expect(feed.requests[0]!.url.searchParams.get('updatedAfter')).toBe('2026-03-01T10:00:00.000Z');
    const f1 = await byChannelOrder('F-1');
    expect(f1).toMatchObject({ status: 'SHIPPED', shippingAddress: { city: 'Salem' } });
    const event = await h.eventOf('order.status_changed', { orderId: f1.id });
    expect(event.payload).toMatchObject({ fromStatus: 'PROCESSING', toStatus: 'SHIPPED', source: 'channel' });
    expect(h.named('order.created', { orderId: f1.id })).toHaveLength(1);
  });

  it('a failing feed backs off and says so on the channel; the other channels are still polled', async () => {
    feed.put(feedOrder('F-4', { updatedAt: '2026-03-03T08:00:00Z' }));
    await poll();
    expect(await byChannelOrder('F-4')).toBeDefined();
    const channel = (await h.catalog.request('GET', `/channels/${brokenId}`)).body;
    expect(channel.feedSync).toMatchObject({
      lastSuccessAt: null,
      lastError: 'The feed answered HTTP 500',
      consecutiveFailures: 1,
    });
    expect(new Date(channel.feedSync.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 30_000);
    const calls = broken.requests.length;
    await poll(); // backing off: not asked again yet
    expect(broken.requests.length).toBe(calls);
    const healthy = (await h.catalog.request('GET', `/channels/${channelId}`)).body.feedSync;
    expect(healthy).toMatchObject({ lastError: null, consecutiveFailures: 0, nextAttemptAt: null });
  });

  it('one poller per channel across replicas: two at once read the feed’s start once', async () => {
    const other = await h.replica();
    try {
      const fresh = await startFeedServer(50);
      const id = await h.channel({ name: 'Fresh', platform: 'HTTP_FEED', feedUrl: fresh.url });
      fresh.put(feedOrder('R-1'));
      await Promise.all([poll(), other.deps.feeds.poller.tick()]);
      const starts = fresh.requests.filter((r) => !r.url.searchParams.get('updatedAfter'));
      expect(starts).toHaveLength(1);
      const list = (await h.request('GET', `/orders?channelId=${id}`)).body;
      expect(list.total).toBe(1);
      await fresh.close();
    } finally {
      await other.close();
    }
  });

  it('POST /orders/{id}/sync re-pulls one order and applies what changed', async () => {
    const f2 = await byChannelOrder('F-2');
    feed.put(feedOrder('F-2', { status: 'cancelled', updatedAt: '2026-03-04T08:00:00Z', notes: 'VIP' }));
    const res = await h.request('POST', `/orders/${f2.id}/sync`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: f2.id, status: 'CANCELLED', channelStatus: 'cancelled' });
    expect(feed.requests.at(-1)!.url.pathname).toBe('/feed/F-2');
  });

  it('refuses a sync of an order whose channel cannot be pulled with 422 channel_not_pullable', async () => {
    const api = await h.channel({ name: 'API' });
    const order = await h.order(pushBody(api, 'P-1'));
    const res = await h.request('POST', `/orders/${order.id}/sync`);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('channel_not_pullable');
  });

  it('refuses a sync the feed cannot answer: 422 feed_order_not_found, 422 feed_fetch_failed', async () => {
    const f3 = await byChannelOrder('F-3');
    feed.orders.splice(
      feed.orders.findIndex((o) => o.channelOrderId === 'F-3'),
      1,
    );
    const missing = await h.request('POST', `/orders/${f3.id}/sync`);
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe('feed_order_not_found');
    feed.fail(503);
    const down = await h.request('POST', `/orders/${f3.id}/sync`);
    feed.fail(null);
    expect(down.status).toBe(422);
    expect(down.body.error.code).toBe('feed_fetch_failed');
  });
});
