import { asCaller, asStorefront } from '@stockyard/testkit';
import { startOrders, type Orders } from './support/orders';

const ORG = 'org_checkout';

describe('POST /storefront/orders (a storefront key checks out on its channel)', () => {
  let h: Orders;
  let shop: string;
  let mug: { id: string; sku: string; productId: string };
  let free: { id: string; sku: string; productId: string };
  /** A storefront key's identity bound to `channelId`; null: the same permissions without a channel. */
  const asShop = (channelId: string | null) =>
    channelId ? asStorefront(ORG, channelId) : asCaller(ORG, ['products.read', 'orders.write']);
  const checkout = (body: unknown, channelId: string | null = shop) =>
    h.request('POST', '/storefront/orders', body, { headers: asShop(channelId) });
  const address = { name: 'Ada', street: '1 Road', city: 'London', country: 'GB' };

  beforeAll(async () => {
    h = await startOrders(ORG, { withInventory: false });
    shop = await h.channel({ name: 'Web shop', platform: 'STOREFRONT' });
    mug = await h.variant({ name: 'Mug', sku: 'MUG-1', price: 12.5, cost: 3 });
    free = await h.variant({ name: 'Sample', sku: 'SAMPLE-1' });
    const listings = [mug, free].map((v) => ({ productId: v.productId, externalProductId: `ext-${v.sku}` }));
    await h.ok(await h.catalog.request('POST', `/channels/${shop}/listings`, { listings }), 'listings');
  });
  afterAll(() => h.close());

  it('creates a PENDING order on the key’s channel, priced from the catalog, with order.created', async () => {
    const res = await checkout({
      lines: [{ variantId: mug.id, quantity: 3 }],
      shippingAddress: address,
      email: 'ada@example.test',
      name: 'Ada Lovelace',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^ord_/),
      channelOrderId: 'SF-000001',
      status: 'PENDING',
      currency: null,
      lines: [
        {
          id: expect.any(String),
          variantId: mug.id,
          sku: 'MUG-1',
          name: expect.any(String),
          quantity: 3,
          unitPrice: 12.5,
          total: 37.5,
        },
      ],
      total: 37.5,
      email: 'ada@example.test',
      shippingAddress: address,
      createdAt: expect.any(String),
    });
    const order = (await h.request('GET', `/orders/${res.body.id}`)).body;
    expect(order).toMatchObject({
      channelId: shop,
      channelPlatform: 'STOREFRONT',
      customer: { name: 'Ada Lovelace', email: 'ada@example.test', phone: null },
    });
    const event = await h.eventOf('order.created', { orderId: res.body.id });
    expect(event.payload).toEqual({ orgId: ORG, channelId: shop, orderId: res.body.id });
    const history = (await h.request('GET', `/orders/${res.body.id}/history`)).body.data;
    expect(history).toEqual([expect.objectContaining({ from: null, to: 'PENDING', source: 'storefront' })]);
  });

  it('refuses a price in the request with 400 validation_failed (prices come from the catalog)', async () => {
    const res = await checkout({
      lines: [{ variantId: mug.id, quantity: 1, unitPrice: 0.01 }],
      shippingAddress: address,
      email: 'a@b.test',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('refuses a variant without a price with 422 price_missing', async () => {
    const res = await checkout({
      lines: [{ variantId: free.id, quantity: 1 }],
      shippingAddress: address,
      email: 'a@b.test',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('price_missing');
  });

  it('refuses a variant not sold there (422 variant_not_on_channel) and an unknown one (unknown_variant)', async () => {
    const unlisted = await h.variant({ name: 'Hidden', sku: 'HIDDEN-1', price: 5 });
    const res = await checkout({
      lines: [{ variantId: unlisted.id, quantity: 1 }],
      shippingAddress: address,
      email: 'a@b.test',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('variant_not_on_channel');
    const unknown = await checkout({
      lines: [{ variantId: 'var_nope', quantity: 1 }],
      shippingAddress: address,
      email: 'a@b.test',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('unknown_variant');
  });

  it('refuses a missing address or e-mail and no lines with 400 validation_failed', async () => {
    for (const body of [
      { lines: [{ variantId: mug.id, quantity: 1 }], email: 'a@b.test' },
      { lines: [{ variantId: mug.id, quantity: 1 }], shippingAddress: address },
      { lines: [], shippingAddress: address, email: 'a@b.test' },
    ]) {
      const res = await checkout(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('refuses an identity bound to no channel (403), a key bound to a non-storefront channel (422)', async () => {
    const body = { lines: [{ variantId: mug.id, quantity: 1 }], shippingAddress: address, email: 'a@b.test' };
    const unbound = await checkout(body, null);
    expect(unbound.status).toBe(403);
    expect(unbound.body.error.code).toBe('storefront_channel_required');
    const api = await h.channel({ name: 'API' });
    const wrong = await checkout(body, api);
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('wrong_channel_platform');
  });
});
