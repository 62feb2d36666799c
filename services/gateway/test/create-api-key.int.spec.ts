import { json } from '@stockyard/testkit';
import { startGateway, type TestGateway } from './support/gateway';

describe('POST /api-keys', () => {
  let gw: TestGateway;
  let orgId: string;
  let adminKey: string;
  const future = () => new Date(Date.now() + 86_400_000).toISOString();

  beforeAll(async () => {
    gw = await startGateway();
    ({ orgId, adminKey } = await gw.newOrg());
  });
  afterAll(() => gw?.close());

  it('creates a VIEWER key by default and returns the plaintext once, never the hash', async () => {
    const res = await gw.api('POST', '/api-keys', adminKey, { name: 'ERP connector' });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({
      name: 'ERP connector',
      type: 'admin',
      role: 'VIEWER',
      scopes: [],
      channelId: null,
      lastUsedAt: null,
      expiresAt: null,
    });
    expect(body.key).toMatch(/^sya_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}$/);
    expect(body.prefix).toBe(body.key.slice(0, 16));
    expect(body.hash).toBeUndefined();
    // The new key works at once, with the VIEWER preset.
    expect((await gw.api('GET', '/settings', body.key)).status).toBe(403);
    const stored = await gw.connection.collection('api_keys').findOne({ _id: body.id } as never);
    expect(JSON.stringify(stored)).not.toContain(body.key.slice(17));
  });

  it('creates a key with a role, scopes and a future expiry', async () => {
    const expiresAt = future();
    const res = await gw.api('POST', '/api-keys', adminKey, {
      name: 'reader',
      role: 'FINANCE',
      scopes: ['invoices.read', 'pos.read'],
      expiresAt,
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({
      role: 'FINANCE',
      scopes: ['invoices.read', 'pos.read'],
      expiresAt: new Date(expiresAt).toISOString(),
    });
  });

  it('rejects an owner-only scope with 403 owner_only_permission', async () => {
    const res = await gw.api('POST', '/api-keys', adminKey, { name: 'x', scopes: ['products.read', 'org.close'] });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toMatchObject({
      code: 'owner_only_permission',
      details: [{ field: 'scopes', message: 'org.close' }],
    });
  });

  it('rejects an unknown permission with 400 unknown_permission', async () => {
    const res = await gw.api('POST', '/api-keys', adminKey, {
      name: 'x',
      scopes: ['products.read', 'products.destroy'],
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({
      code: 'unknown_permission',
      details: [{ field: 'scopes', message: 'products.destroy' }],
    });
  });

  it('rejects a scope the creating key does not hold with 403 scope_not_held', async () => {
    const manager = await gw.keyWith(orgId, 'VIEWER', ['apikeys.manage', 'products.read']);
    const res = await gw.api('POST', '/api-keys', manager.token, {
      name: 'x',
      scopes: ['products.read', 'stock.adjust'],
    });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toMatchObject({
      code: 'scope_not_held',
      details: [{ field: 'scopes', message: 'stock.adjust' }],
    });
  });

  it('rejects a role whose preset the creating key does not hold with 403 scope_not_held', async () => {
    const manager = await gw.keyWith(orgId, 'VIEWER', ['apikeys.manage', 'products.read']);
    const res = await gw.api('POST', '/api-keys', manager.token, { name: 'escalate', role: 'ADMIN' });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('scope_not_held');
  });

  it('rejects an unknown role with 400 unknown_role', async () => {
    const res = await gw.api('POST', '/api-keys', adminKey, { name: 'x', role: 'SUPERUSER' });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({ code: 'unknown_role', details: [{ field: 'role' }] });
  });

  it('rejects a past expiry with 422 expires_at_in_past', async () => {
    const res = await gw.api('POST', '/api-keys', adminKey, { name: 'x', expiresAt: '2020-01-01T00:00:00Z' });
    expect(res.status).toBe(422);
    expect((await json(res)).error).toMatchObject({ code: 'expires_at_in_past', details: [{ field: 'expiresAt' }] });
  });

  it('rejects a malformed expiry, a missing name and unknown fields with 400 validation_failed', async () => {
    const res = await gw.api('POST', '/api-keys', adminKey, { expiresAt: 'tomorrow', extra: true });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d: { field: string }) => d.field).sort()).toEqual(['body', 'expiresAt', 'name']);
  });

  it('refuses a key without apikeys.manage with 403 missing_permission', async () => {
    const viewer = await gw.keyWith(orgId, 'VIEWER');
    const res = await gw.api('POST', '/api-keys', viewer.token, { name: 'x' });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('missing_permission');
  });
});
