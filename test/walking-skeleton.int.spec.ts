import mongoose, { type Connection } from 'mongoose';
import { verifyWebhook, WEBHOOK_HEADERS } from '@stockyard/contracts';
import { eventually, infraEnv, json, startReceiver, startStack, type Stack } from '@stockyard/testkit';
import { apiKeyModel, organizationModel } from '../services/gateway/src/store/api-key.model';
import { ApiKeyRepository } from '../services/gateway/src/store/api-key.repository';
import { stackVariants } from '../services/inventory/test/support/stack-variants';

/**
 * One event end to end through real processes: a key from the bootstrap command, the
 * gateway, the inventory service, RabbitMQ, the webhooks dispatcher, and a receiver
 * that checks the signature the way the spec tells partners to.
 */
describe('walking skeleton: stock adjust to signed webhook', () => {
  let stack: Stack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let gatewayDb: Connection;
  let adminKey: string;
  let orgId: string;
  let warehouseId: string;

  const api = (method: string, route: string, key: string | undefined, body?: unknown) =>
    fetch(`${stack.gatewayUrl}/api/v1${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack(['inventory', 'webhooks'], {
      webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '1,1' },
    });
    ({ adminKey, orgId } = stack.bootstrapOrg('Skeleton Org'));
    warehouseId = (await json(await api('POST', '/warehouses', adminKey, { name: 'Main' }))).id;
    gatewayDb = await mongoose.createConnection(infraEnv().mongoUrl, { dbName: stack.databases.gateway }).asPromise();
    // No catalog in this stack: var_1 is published as the catalog would (stock needs a known variant).
    const inventoryDb = await mongoose
      .createConnection(infraEnv().mongoUrl, { dbName: stack.databases.inventory })
      .asPromise();
    await stackVariants(stack.exchange, inventoryDb, orgId, ['var_1']);
    await inventoryDb.close();
  });

  afterAll(async () => {
    await gatewayDb?.close();
    await stack?.destroy();
    await receiver?.close();
  });

  let secret: string;

  it('creates a webhook endpoint with the bootstrap admin key and returns its whsec_ secret once', async () => {
    const res = await api('POST', '/webhooks', adminKey, {
      url: receiver.url,
      events: ['inventory.availability_changed'],
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.secret).toMatch(/^whsec_/);
    secret = body.secret;
    const list = await json(await api('GET', '/webhooks', adminKey));
    expect(list.data.map((e: { id: string }) => e.id)).toEqual([body.id]);
    expect(list.data[0].secret).toBeUndefined();
  });

  it('delivers inventory.availability_changed, signed, after a stock adjust', async () => {
    const res = await api('POST', '/stock/adjust', adminKey, {
      variantId: 'var_1',
      warehouseId,
      quantity: 12,
      reason: 'initial count',
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ type: 'ADJUSTMENT', quantity: 12, onHandAfter: 12, available: 12 });

    const delivery = await eventually(() =>
      receiver.received.find((r) => (r.body as { event?: string })?.event === 'inventory.availability_changed'),
    );
    expect(delivery.headers['content-type']).toMatch(/^application\/json/);
    expect(delivery.headers[WEBHOOK_HEADERS.event.toLowerCase()]).toBe('inventory.availability_changed');
    expect(delivery.headers[WEBHOOK_HEADERS.deliveryId.toLowerCase()]).toMatch(/^dlv_/);
    const signature = delivery.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
    expect(verifyWebhook({ secret, rawBody: delivery.rawBody, header: signature })).toBe(true);
    expect(verifyWebhook({ secret: `${secret}x`, rawBody: delivery.rawBody, header: signature })).toBe(false);
    expect(delivery.body).toEqual({
      event: 'inventory.availability_changed',
      data: { orgId, variantId: 'var_1', oldAvailable: 0, newAvailable: 12 },
      delivery_id: delivery.headers[WEBHOOK_HEADERS.deliveryId.toLowerCase()],
      attempt: 1,
    });
  });

  it('answers 401 to an unknown key, a malformed key and no key', async () => {
    const body = { variantId: 'var_1', warehouseId, quantity: 1, reason: 'x' };
    const forged = adminKey.slice(0, -10) + 'AAAAAAAAAA';
    for (const key of [forged, 'not-a-key', undefined]) {
      const res = await api('POST', '/stock/adjust', key, body);
      expect(res.status).toBe(401);
      expect((await json(res)).error.code).toMatch(/^(invalid_api_key|missing_api_key)$/);
    }
  });

  it('answers 403 to a valid key without stock.adjust', async () => {
    const keys = new ApiKeyRepository(apiKeyModel(gatewayDb), organizationModel(gatewayDb));
    const viewer = await keys.create({ orgId, type: 'admin', name: 'viewer', role: 'VIEWER' });
    const res = await api('POST', '/stock/adjust', viewer.token, {
      variantId: 'var_1',
      warehouseId,
      quantity: 1,
      reason: 'x',
    });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('missing_permission');
  });

  it('answers 404 for an unknown /api/v1 path and 503 for a service that is down', async () => {
    const unknown = await api('GET', '/no-such-thing', adminKey);
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error.code).toBe('route_not_found');
    const down = await api('GET', '/products', adminKey);
    expect(down.status).toBe(503);
    expect((await json(down)).error.code).toBe('upstream_unavailable');
  });

  it('rejects a stock adjust that would take on hand below zero with 422 insufficient_stock', async () => {
    const res = await api('POST', '/stock/adjust', adminKey, {
      variantId: 'var_1',
      warehouseId,
      quantity: -1000,
      reason: 'shrinkage',
    });
    expect(res.status).toBe(422);
    expect((await json(res)).error.code).toBe('insufficient_stock');
  });

  it('rejects a malformed adjust body with 400 validation_failed naming the fields', async () => {
    const res = await api('POST', '/stock/adjust', adminKey, { variantId: 'var_1', quantity: 0 });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d: { field: string }) => d.field).sort()).toEqual(['quantity', 'reason', 'warehouseId']);
  });
});
