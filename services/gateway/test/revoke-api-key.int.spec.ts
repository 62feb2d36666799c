import { json } from '@stockyard/testkit';
import { startGateway, type TestGateway } from './support/gateway';

describe('DELETE /api-keys/{id}', () => {
  let gw: TestGateway;
  let orgId: string;
  let adminKey: string;
  let adminKeyId: string;

  beforeAll(async () => {
    gw = await startGateway();
    ({ orgId, adminKey, adminKeyId } = await gw.newOrg());
  });
  afterAll(() => gw?.close());

  it('revokes at once: 204, then 401 api_key_revoked, and gone from the listing', async () => {
    const key = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    expect((await gw.api('GET', '/settings', key.token)).status).toBe(200); // cached now
    const res = await gw.api('DELETE', `/api-keys/${key.id}`, adminKey);
    expect(res.status).toBe(204);
    const after = await gw.api('GET', '/settings', key.token);
    expect(after.status).toBe(401);
    expect((await json(after)).error.code).toBe('api_key_revoked');
    const ids = (await json(await gw.api('GET', '/api-keys', adminKey))).data.map((k: { id: string }) => k.id);
    expect(ids).not.toContain(key.id);
  });

  it('answers 404 resource_not_found for an unknown or already revoked key', async () => {
    const key = await gw.keyWith(orgId, 'VIEWER');
    expect((await gw.api('DELETE', `/api-keys/${key.id}`, adminKey)).status).toBe(204);
    for (const id of [key.id, 'noSuchKeyId1']) {
      const res = await gw.api('DELETE', `/api-keys/${id}`, adminKey);
      expect(res.status).toBe(404);
      expect((await json(res)).error.code).toBe('resource_not_found');
    }
  });

  it('answers 400 validation_failed to a key id that is not an id (the contracts id rule)', async () => {
    for (const id of ['%00', 'x'.repeat(200)]) {
      const res = await gw.api('DELETE', `/api-keys/${id}`, adminKey);
      expect(res.status).toBe(400);
      expect((await json(res)).error.code).toBe('validation_failed');
    }
  });

  it("answers 404 for another organization's key and leaves that key working", async () => {
    const other = await gw.newOrg('Other org');
    const theirs = await gw.keyWith(other.orgId, 'VIEWER', ['settings.read']);
    const res = await gw.api('DELETE', `/api-keys/${theirs.id}`, adminKey);
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('resource_not_found');
    expect((await gw.api('GET', '/settings', theirs.token)).status).toBe(200);
  });

  it('answers 403 scope_not_held to an apikeys.manage-only key revoking ADMIN keys, bootstrap key too', async () => {
    const manager = await gw.keyWith(orgId, 'VIEWER', ['apikeys.manage']);
    const admin = await gw.keyWith(orgId, 'ADMIN');
    for (const id of [admin.id, adminKeyId]) {
      const res = await gw.api('DELETE', `/api-keys/${id}`, manager.token);
      expect(res.status).toBe(403);
      const { error } = await json(res);
      expect(error.code).toBe('scope_not_held');
      expect(error.details[0].message).toContain('settings.write');
    }
    for (const key of [admin.token, adminKey]) expect((await gw.api('GET', '/settings', key)).status).toBe(200);
  });

  it('lets a key revoke a key whose permissions it holds, like one it could create', async () => {
    const manager = await gw.keyWith(orgId, 'VIEWER', ['apikeys.manage', 'settings.read']);
    const reader = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    expect((await gw.api('DELETE', `/api-keys/${reader.id}`, manager.token)).status).toBe(204);
    expect((await gw.api('GET', '/settings', reader.token)).status).toBe(401);
  });

  it('answers 401 api_key_expired as soon as a key passes its expiry', async () => {
    const key = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    const expiresAt = new Date(Date.now() + 4000);
    await gw.connection.collection('api_keys').updateOne({ _id: key.id } as never, { $set: { expiresAt } });
    await new Promise((r) => setTimeout(r, 1100)); // past the 1 s record refresh: the expiry is known
    expect((await gw.api('GET', '/settings', key.token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, expiresAt.getTime() - Date.now() + 10));
    const res = await gw.api('GET', '/settings', key.token);
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe('api_key_expired');
  });
});

describe('key record refresh without pub/sub', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    // Wide enough that a stalled write on a loaded machine stays inside the first half.
    gw = await startGateway({ KEY_REFRESH_MS: 6000 });
  });
  afterAll(() => gw?.close());

  it('re-reads a busy key in the background at half its refresh time: revocations made elsewhere apply', async () => {
    const { orgId } = await gw.newOrg();
    const key = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    expect((await gw.api('GET', '/settings', key.token)).status).toBe(200); // cached
    const cachedAt = Date.now();
    // Revoked behind the gateway's back: no broadcast, only the record refresh can tell.
    await gw.connection.collection('api_keys').updateOne({ _id: key.id } as never, { $set: { revokedAt: new Date() } });
    await new Promise((r) => setTimeout(r, cachedAt + 3300 - Date.now()));
    expect((await gw.api('GET', '/settings', key.token)).status).toBe(200); // served from cache, refresh started
    await new Promise((r) => setTimeout(r, 150));
    const res = await gw.api('GET', '/settings', key.token);
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe('api_key_revoked');
  });
});
