import { IDENTITY_HEADER, verifyIdentity } from '@stockyard/contracts';
import { json, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { startEchoUpstream } from './support/echo-upstream';
import { startGateway, type TestGateway } from './support/gateway';

describe('POST /api-keys/storefront and the storefront surface', () => {
  let gw: TestGateway;
  let echo: Awaited<ReturnType<typeof startEchoUpstream>>;
  let orgId: string;
  let adminKey: string;

  beforeAll(async () => {
    // The stand-in catalog knows these STOREFRONT channels (the real catalog's answers: storefront-channel.int.spec).
    echo = await startEchoUpstream({
      channels: { ch_headless: 'STOREFRONT', ch_42: 'STOREFRONT', ch_1: 'STOREFRONT' },
    });
    gw = await startGateway({ CATALOG_URL: echo.url, ORDERS_URL: echo.url });
    ({ orgId, adminKey } = await gw.newOrg());
  });
  afterAll(async () => {
    await gw?.close();
    await echo?.close();
  });

  it('creates a syf_ key bound to the channel, returned once', async () => {
    const res = await gw.api('POST', '/api-keys/storefront', adminKey, {
      name: 'shop front',
      channelId: 'ch_headless',
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.key).toMatch(/^syf_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}$/);
    expect(body).toMatchObject({
      type: 'storefront',
      channelId: 'ch_headless',
      scopes: ['products.read', 'orders.write'],
      prefix: body.key.slice(0, 16),
    });
    const listed = (await json(await gw.api('GET', '/api-keys', adminKey))).data.find(
      (k: { id: string }) => k.id === body.id,
    );
    expect(listed).toMatchObject({ type: 'storefront', channelId: 'ch_headless' });
  });

  it('passes the bound channel to the service in the signed identity', async () => {
    const { key } = await json(
      await gw.api('POST', '/api-keys/storefront', adminKey, { name: 'shop', channelId: 'ch_42' }),
    );
    const res = await gw.api('GET', '/storefront/products', key);
    expect(res.status).toBe(200);
    const seen = await json(res);
    expect(verifyIdentity(seen.headers[IDENTITY_HEADER], TEST_IDENTITY_SECRET)).toMatchObject({
      orgId,
      channelId: 'ch_42',
      permissions: ['products.read', 'orders.write'],
    });
  });

  it('lets a storefront key made before the checkout (stored with products.read alone) check out', async () => {
    // Made the old way: the record as POST /api-keys/storefront stored it before issue #25.
    const old = await gw.keys.create({
      orgId,
      type: 'storefront',
      name: 'old shop',
      role: 'VIEWER',
      scopes: ['products.read'],
      channelId: 'ch_42',
    });
    const res = await gw.api('POST', '/storefront/orders', old.token, { lines: [] });
    expect(res.status).toBe(200); // the stand-in orders service answers what it received
    const seen = await json(res);
    expect(verifyIdentity(seen.headers[IDENTITY_HEADER], TEST_IDENTITY_SECRET)).toMatchObject({
      channelId: 'ch_42',
      permissions: ['products.read', 'orders.write'],
    });
    const listed = (await json(await gw.api('GET', '/api-keys', adminKey))).data.find(
      (k: { id: string }) => k.id === old.id,
    );
    expect(listed.scopes).toEqual(['products.read', 'orders.write']);
  });

  it('refuses a storefront key on the partner POST /orders with 403 wrong_key_type', async () => {
    const { key } = await json(
      await gw.api('POST', '/api-keys/storefront', adminKey, { name: 'shop', channelId: 'ch_42' }),
    );
    const res = await gw.api('POST', '/orders', key, {});
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('wrong_key_type');
  });

  it('refuses an admin key on the storefront checkout with 403 wrong_key_type', async () => {
    const res = await gw.api('POST', '/storefront/orders', adminKey, {});
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('wrong_key_type');
  });

  it('refuses a storefront key on the partner (admin) API with 403 wrong_key_type', async () => {
    const { key } = await json(
      await gw.api('POST', '/api-keys/storefront', adminKey, { name: 'shop', channelId: 'ch_1' }),
    );
    const res = await gw.api('GET', '/products', key);
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('wrong_key_type');
  });

  it('refuses an admin key on the storefront API with 403 wrong_key_type', async () => {
    const res = await gw.api('GET', '/storefront/products/prod_1', adminKey);
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('wrong_key_type');
  });

  it('rejects a missing channelId (400 validation_failed) and a past expiry (422 expires_at_in_past)', async () => {
    const missing = await gw.api('POST', '/api-keys/storefront', adminKey, { name: 'shop' });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.details).toEqual([expect.objectContaining({ field: 'channelId' })]);
    const past = await gw.api('POST', '/api-keys/storefront', adminKey, {
      name: 'shop',
      channelId: 'ch_1',
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expect(past.status).toBe(422);
    expect((await json(past)).error.code).toBe('expires_at_in_past');
  });

  it('refuses a creator that cannot create orders (a storefront key checks out) with 403 scope_not_held', async () => {
    const reader = await gw.keyWith(orgId, 'VIEWER', ['apikeys.manage', 'products.read']);
    const res = await gw.api('POST', '/api-keys/storefront', reader.token, { name: 'shop', channelId: 'ch_1' });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toMatchObject({
      code: 'scope_not_held',
      details: [expect.objectContaining({ message: 'orders.write' })],
    });
  });

  it('refuses a creator that cannot read products with 403 scope_not_held', async () => {
    const manager = await gw.keyWith(orgId, 'VIEWER', ['apikeys.manage']);
    const res = await gw.api('POST', '/api-keys/storefront', manager.token, { name: 'shop', channelId: 'ch_1' });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('scope_not_held');
  });
});
