import { verifyWebhook, WEBHOOK_HEADERS } from '@stockyard/contracts';
import { eventually, gatewayJson, type Stack, startReceiver, startStack } from '@stockyard/testkit';
import { startFeedServer, type FeedServer } from '../services/orders/test/support/feed-server';

/**
 * Issue #25's whole-system flow, as processes behind the gateway: an API channel's order (one SKU
 * the catalog knows, one it does not), the same order pushed again (no duplicate, no second
 * `order.created`), a storefront checkout with a storefront key, a feed channel's order polled and
 * then changed on the feed (its status follows), and a shipment. Each event reaches a webhook
 * receiver, signed, with exactly the spec's payload fields.
 */
describe('orders flow: every way an order arrives, its lifecycle and shipment, through the gateway', () => {
  let stack: Stack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let feed: FeedServer;
  let adminKey: string;
  let orgId: string;
  /** The first flow's orders (the audit trail's test reads their entries). */
  const flow: { api?: string; shop?: string; feed?: string } = {};

  const call = (key: string, method: string, route: string, body?: unknown) =>
    gatewayJson(stack.gatewayUrl, key).call(method, route, body);
  const ok = (method: string, route: string, body?: unknown) =>
    gatewayJson(stack.gatewayUrl, adminKey).ok(method, route, body);

  beforeAll(async () => {
    receiver = await startReceiver();
    feed = await startFeedServer();
    stack = await startStack(['catalog', 'inventory', 'orders', 'webhooks'], {
      catalog: { FEED_URL_ALLOWLIST: '127.0.0.1' },
      orders: { FEED_URL_ALLOWLIST: '127.0.0.1', FEED_POLL_MS: '300' },
      webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '1,1' },
    });
    ({ adminKey, orgId } = stack.bootstrapOrg('Orders Flow Org'));
  }, 120_000);
  afterAll(async () => {
    await stack?.destroy();
    await receiver?.close();
    await feed?.close();
  });

  it('takes orders from an API push, a checkout and a feed, ships one, delivers each event once, signed', async () => {
    const endpoint = await ok('POST', '/webhooks', {
      url: receiver.url,
      events: ['order.created', 'order.status_changed', 'order.shipped'],
    });
    const product = await ok('POST', '/products', { name: 'Lamp', sku: 'LAMP-1', price: 30 });
    const variantId: string = product.variants[0].id;

    // An API channel's order, with one unknown SKU, pushed twice.
    const api = await ok('POST', '/channels', { name: 'Partner API', platform: 'API' });
    const push = {
      channelId: api.id,
      channelOrderId: 'P-1',
      customer: { name: 'Ada', email: 'ada@example.test' },
      shippingAddress: { city: 'London' },
      lines: [
        { channelLineId: '1', sku: 'LAMP-1', quantity: 2, unitPrice: 30 },
        { channelLineId: '2', sku: 'NOT-IN-CATALOG', quantity: 1, unitPrice: 5 },
      ],
    };
    const first = await call(adminKey, 'POST', '/orders', push);
    expect(first.status).toBe(201);
    expect(first.body.lines.map((l: { variantId: string | null }) => l.variantId)).toEqual([variantId, null]);
    const again = await call(adminKey, 'POST', '/orders', push);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await ok('GET', `/orders?channelId=${api.id}`)).total).toBe(1);
    const apiOrder = (flow.api = first.body.id as string);

    // A storefront checkout with a storefront key.
    const shop = await ok('POST', '/channels', { name: 'Web shop', platform: 'STOREFRONT' });
    await ok('POST', `/channels/${shop.id}/listings`, {
      listings: [{ productId: product.id, externalProductId: 'lamp' }],
    });
    const storefront = await ok('POST', '/api-keys/storefront', { name: 'shop', channelId: shop.id });
    const checkout = await call(storefront.key, 'POST', '/storefront/orders', {
      lines: [{ variantId, quantity: 1 }],
      shippingAddress: { city: 'Paris' },
      email: 'shopper@example.test',
    });
    expect(checkout.status).toBe(201);
    expect(checkout.body).toMatchObject({ status: 'PENDING', total: 30, channelOrderId: 'SF-000001' });
    const shopOrder = (flow.shop = checkout.body.id as string);
    expect((await call(storefront.key, 'GET', `/orders/${shopOrder}`)).status).toBe(403);

    // A feed channel: its order is polled, then changed on the feed.
    feed.put({
      channelOrderId: 'F-1',
      status: 'paid',
      createdAt: '2026-03-01T08:00:00Z',
      updatedAt: '2026-03-01T08:00:00Z',
      lines: [{ lineId: 'a', sku: 'LAMP-1', quantity: 1, unitPrice: 29 }],
    });
    const market = await ok('POST', '/channels', { name: 'Market', platform: 'HTTP_FEED', feedUrl: feed.url });
    const feedOrder = await eventually(async () => (await ok('GET', `/orders?channelId=${market.id}`)).data[0], 20_000);
    expect(feedOrder).toMatchObject({ channelOrderId: 'F-1', status: 'PROCESSING', channelPlatform: 'HTTP_FEED' });
    flow.feed = feedOrder.id;
    feed.put({ ...feed.orders[0]!, status: 'shipped', updatedAt: '2026-03-02T08:00:00Z' });
    await eventually(
      async () => ((await ok('GET', `/orders/${feedOrder.id}`)).status === 'SHIPPED' ? true : undefined),
      20_000,
    );
    const channel = await ok('GET', `/channels/${market.id}`);
    expect(channel.feedSync).toMatchObject({ lastError: null, consecutiveFailures: 0 });

    // A shipment of the API order.
    const shipment = await call(adminKey, 'POST', `/orders/${apiOrder}/shipments`, {
      carrier: 'UPS',
      trackingNumber: '1Z999',
      shippedAt: '2026-03-03T10:00:00Z',
    });
    expect(shipment.status).toBe(201);
    expect((await ok('GET', `/orders/${apiOrder}`)).status).toBe('SHIPPED');

    // Each event at the receiver, signed, with exactly the spec's fields.
    const ours = new Set([apiOrder, shopOrder, feedOrder.id]);
    const mine = () =>
      receiver.received.filter((r) => ours.has((r.body as { data?: { orderId?: string } })?.data?.orderId ?? ''));
    await eventually(() => (mine().length >= 6 ? true : undefined), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // a late duplicate would arrive by now
    for (const delivery of mine()) {
      const signature = delivery.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
      expect(verifyWebhook({ secret: endpoint.secret, rawBody: delivery.rawBody, header: signature })).toBe(true);
    }
    const bodies = mine().map((d) => d.body as { event: string; data: Record<string, unknown> });
    const of = (event: string) => bodies.filter((b) => b.event === event).map((b) => b.data);
    expect(of('order.created')).toHaveLength(3);
    expect(of('order.created')).toEqual(
      expect.arrayContaining([
        { orgId, channelId: api.id, orderId: apiOrder },
        { orgId, channelId: shop.id, orderId: shopOrder },
        { orgId, channelId: market.id, orderId: feedOrder.id },
      ]),
    );
    expect(of('order.status_changed')).toEqual(
      expect.arrayContaining([
        {
          orgId,
          orderId: feedOrder.id,
          channelId: market.id,
          channelOrderId: 'F-1',
          fromStatus: 'PROCESSING',
          toStatus: 'SHIPPED',
          source: 'channel',
        },
        {
          orgId,
          orderId: apiOrder,
          channelId: api.id,
          channelOrderId: 'P-1',
          fromStatus: 'PROCESSING',
          toStatus: 'SHIPPED',
          source: 'shipment',
        },
      ]),
    );
    expect(of('order.status_changed')).toHaveLength(2);
    expect(of('order.shipped')).toEqual([
      {
        orgId,
        orderId: apiOrder,
        shipmentId: shipment.body.id,
        carrier: 'UPS',
        trackingNumber: '1Z999',
        trackingUrl: null,
        shippedAt: '2026-03-03T10:00:00.000Z',
      },
    ]);
  }, 120_000);

  it('keeps the orders in the audit trail: made and moved by their key or job, intact', async () => {
    type Entry = {
      actor: { kind: string; type: string | null; job: string | null };
      request: { route: string } | null;
      resources: {
        type: string;
        id: string;
        action: string;
        fields: Record<string, { before: unknown; after: unknown }>;
      }[];
    };
    const trailOf = (resourceType: string, resourceId: string, count: number) =>
      eventually(async () => {
        const page = await ok('GET', `/audit-events?resourceType=${resourceType}&resourceId=${resourceId}&limit=100`);
        return page.data.length >= count ? ([...page.data].reverse() as Entry[]) : undefined;
      }, 30_000);
    const statusMoves = (entries: Entry[]) =>
      entries.flatMap((e) => {
        const status = e.resources[0]?.fields.status;
        return status && status.before !== null ? [`${status.before as string}>${status.after as string}`] : [];
      });

    // The API order: made by the admin key's push (the second push changed nothing and is not in it), shipped.
    const api = await trailOf('order', flow.api!, 2);
    expect(api[0]).toMatchObject({ actor: { kind: 'key', type: 'admin' }, request: { route: 'importOrder' } });
    expect(api[0]!.resources[0]).toMatchObject({ type: 'order', id: flow.api, action: 'created' });
    expect(api.filter((e) => e.resources[0]?.action === 'created')).toHaveLength(1);
    expect(statusMoves(api)).toContain('PROCESSING>SHIPPED');
    expect(api.find((e) => statusMoves([e]).includes('PROCESSING>SHIPPED'))?.request?.route).toBe('createShipment');
    // Its linked line's hold, made with it.
    const holds = await eventually(async () => {
      const page = await ok('GET', '/audit-events?resourceType=reservation&limit=100');
      const made = (page.data as Entry[]).filter((e) =>
        e.resources.some((r) => r.action === 'created' && r.fields.orderId?.after === flow.api),
      );
      return made.length > 0 ? made : undefined;
    }, 30_000);
    expect(holds).toHaveLength(1);

    // The checkout: made by the storefront key.
    const [checkout] = await trailOf('order', flow.shop!, 1);
    expect(checkout).toMatchObject({ actor: { kind: 'key', type: 'storefront' }, request: { route: 'checkout' } });

    // The feed's order: made and moved by the feed poll, a system job, with no request.
    const fed = await trailOf('order', flow.feed!, 2);
    expect(fed.every((e) => e.actor.kind === 'system' && e.actor.job !== null && e.request === null)).toBe(true);
    expect(statusMoves(fed)).toContain('PROCESSING>SHIPPED');

    expect(JSON.stringify([api, checkout, fed])).not.toContain(adminKey);
    expect(await ok('GET', '/audit-events/verify')).toMatchObject({ intact: true, brokenAt: null });
  }, 90_000);
});
