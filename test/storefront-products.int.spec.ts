import { eventually, gatewayCaller, type Stack, startStack } from '@stockyard/testkit';

/**
 * The storefront's product reads as a shop's browser calls them: through the gateway with a
 * storefront key (`syf_…`, made by POST /api-keys/storefront for a STOREFRONT channel), against
 * the real catalog and inventory. The key sees its channel's listed products with prices and
 * availability; an admin key is refused on the storefront surface, the storefront key on the
 * admin one (403 wrong_key_type), whatever the service behind would answer.
 */
describe('storefront products through the gateway with a storefront key', () => {
  let stack: Stack;
  let adminKey: string;

  const call = async (key: string, method: string, route: string, body?: unknown) => {
    const res = await gatewayCaller(stack.gatewayUrl, key)(method, route, body);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const ok = async (method: string, route: string, body?: unknown) => {
    const res = await call(adminKey, method, route, body);
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  beforeAll(async () => {
    stack = await startStack(['catalog', 'inventory']);
    ({ adminKey } = stack.bootstrapOrg('Storefront Org'));
  }, 120_000);
  afterAll(() => stack?.destroy());

  it("reads its channel's products with prices and availability; each key type stays on its own surface", async () => {
    const channel = await ok('POST', '/channels', { name: 'Web shop', platform: 'STOREFRONT' });
    const elsewhere = await ok('POST', '/channels', { name: 'Marketplace', platform: 'API' });
    const lamp = await ok('POST', '/products', { name: 'Lamp', price: 45, cost: 20 });
    const shade = await ok('POST', '/products', { name: 'Shade', price: 12, cost: 5 });
    await ok('POST', `/channels/${channel.id}/listings`, {
      listings: [{ productId: lamp.id, externalProductId: 'L' }],
    });
    await ok('POST', `/channels/${elsewhere.id}/listings`, {
      listings: [{ productId: shade.id, externalProductId: 'S' }],
    });
    const { key } = await ok('POST', '/api-keys/storefront', { name: 'shop front', channelId: channel.id });
    expect(key).toMatch(/^syf_/);

    const before = await call(key, 'GET', '/storefront/products');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ total: 1, data: [{ id: lamp.id, price: 45, availableForSale: false }] });
    expect(before.body.data[0]).not.toHaveProperty('cost');

    // Stock arrives (inventory creates it once the catalog's variant event reached it).
    const warehouseId = (await ok('POST', '/warehouses', { name: 'Main' })).id;
    const variantId = lamp.variants[0].id;
    await eventually(async () => {
      const res = await call(adminKey, 'POST', '/stock/adjust', { variantId, warehouseId, quantity: 4, reason: 'in' });
      return res.status < 300 ? true : undefined;
    });
    const one = await call(key, 'GET', `/storefront/products/${lamp.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: lamp.id, availableForSale: true, variants: [{ id: variantId, price: 45 }] });
    const notHere = await call(key, 'GET', `/storefront/products/${shade.id}`);
    expect(notHere.status).toBe(404);
    expect(notHere.body.error.code).toBe('resource_not_found');

    for (const [k, route] of [
      [adminKey, '/storefront/products'],
      [adminKey, `/storefront/products/${lamp.id}`],
      [key, '/products'],
      [key, `/products/${lamp.id}`],
    ] as const) {
      const res = await call(k, 'GET', route);
      expect({ route, status: res.status, code: res.body.error.code }).toEqual({
        route,
        status: 403,
        code: 'wrong_key_type',
      });
    }
  });
});
