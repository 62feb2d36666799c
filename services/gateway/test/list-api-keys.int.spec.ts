import { ASSIGNABLE_PERMISSIONS, OWNER_ONLY_PERMISSIONS, ROLE_PRESETS } from '@stockyard/contracts';
import { json } from '@stockyard/testkit';
import { startGateway, type TestGateway } from './support/gateway';

describe('GET /api-keys and GET /api-keys/permissions', () => {
  let gw: TestGateway;
  let orgId: string;
  let adminKey: string;
  let adminKeyId: string;

  beforeAll(async () => {
    gw = await startGateway();
    ({ orgId, adminKey, adminKeyId } = await gw.newOrg());
  });
  afterAll(() => gw?.close());

  it('lists active keys only, with the listed fields and never the hash or the plaintext', async () => {
    const kept = await gw.keyWith(orgId, 'FINANCE', ['invoices.read']);
    const revoked = await gw.keyWith(orgId, 'VIEWER');
    await gw.keys.revoke(orgId, revoked.id);
    await gw.connection.collection('api_keys').insertOne({
      ...(await gw.keyWith(orgId, 'VIEWER')).record,
      _id: 'expiredKeyId',
      expiresAt: new Date(Date.now() - 1000),
    } as never);
    const other = await gw.newOrg('Another org');

    const res = await gw.api('GET', '/api-keys', adminKey);
    expect(res.status).toBe(200);
    const body = await json(res);
    const ids = body.data.map((k: { id: string }) => k.id);
    expect(ids).toContain(kept.id);
    expect(ids).toContain(adminKeyId);
    expect(ids).not.toContain(revoked.id);
    expect(ids).not.toContain('expiredKeyId');
    expect(ids).not.toContain(other.adminKeyId);
    expect(body).toMatchObject({ total: ids.length, limit: 50, offset: 0 });
    const entry = body.data.find((k: { id: string }) => k.id === kept.id);
    expect(Object.keys(entry).sort()).toEqual([
      'channelId',
      'createdAt',
      'expiresAt',
      'id',
      'lastUsedAt',
      'name',
      'prefix',
      'role',
      'scopes',
      'type',
    ]);
    expect(entry).toMatchObject({ prefix: kept.displayPrefix, role: 'FINANCE', scopes: ['invoices.read'] });
    expect(JSON.stringify(body)).not.toContain(kept.token);
  });

  it('pages with limit and offset (take and skip too)', async () => {
    const page = await json(await gw.api('GET', '/api-keys?take=1&skip=1', adminKey));
    expect(page.data).toHaveLength(1);
    expect(page).toMatchObject({ limit: 1, offset: 1 });
    expect((await gw.api('GET', '/api-keys?limit=500', adminKey)).status).toBe(400);
  });

  it('shows lastUsedAt from memory before the batched flush and from the database after it', async () => {
    const key = await gw.keyWith(orgId, 'VIEWER');
    const before = Date.now();
    expect((await gw.api('GET', '/api-keys', key.token)).status).toBe(403);
    // Not written per request: nothing in the database until the flush.
    expect(await gw.connection.collection('api_key_usage').findOne({ _id: key.id } as never)).toBeNull();
    const listed = async () =>
      (await json(await gw.api('GET', '/api-keys?limit=200', adminKey))).data.find(
        (k: { id: string }) => k.id === key.id,
      );
    expect(new Date((await listed()).lastUsedAt).getTime()).toBeGreaterThanOrEqual(before - 5);

    await gw.tracker.flush();
    const row = await gw.connection.collection('api_key_usage').findOne({ _id: key.id } as never);
    expect(row?.lastUsedAt.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(new Date((await listed()).lastUsedAt).getTime()).toBe(row?.lastUsedAt.getTime());
  });

  it('describes the assignable permissions, what the caller may grant and every role preset', async () => {
    const scoped = await gw.keyWith(orgId, 'VIEWER', ['apikeys.manage', 'orders.read']);
    const res = await gw.api('GET', '/api-keys/permissions', scoped.token);
    expect(res.status).toBe(200);
    const body = await json(res);
    const names = body.permissions.map((p: { name: string }) => p.name);
    expect(names).toEqual([...ASSIGNABLE_PERMISSIONS]);
    for (const owner of OWNER_ONLY_PERMISSIONS) expect(names).not.toContain(owner);
    expect(body.permissions[0].description).toEqual(expect.any(String));
    expect(body.grantable.sort()).toEqual(['apikeys.manage', 'orders.read']);
    expect(body.roles.find((r: { name: string }) => r.name === 'FINANCE').permissions).toEqual([
      ...ROLE_PRESETS.FINANCE,
    ]);
    expect(body.defaultRole).toBe('VIEWER');
  });
});
