import mongoose from 'mongoose';
import type { AuditEvent } from '@stockyard/contracts';
import { eventually, gatewayJson, infraEnv, startStack, type Stack } from '@stockyard/testkit';

/**
 * Issue #41: the gateway's own changes (API keys, settings) reach the audit trail like every
 * service's: recorded in the same write, published by the gateway's outbox relay, kept by the
 * webhooks service and read through the gateway at GET /audit-events.
 */
describe('the gateway’s changes in the audit trail', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(['webhooks']);
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it('lists key creation, revocation and a settings change with the calling key, secrets redacted', async () => {
    const { adminKey } = stack.bootstrapOrg('Audited gateway');
    const api = gatewayJson(stack.gatewayUrl, adminKey);
    const me = (await api.ok('GET', '/api-keys')) as { data: { id: string; name: string }[] };
    const admin = me.data[0]!;
    const actor = { kind: 'key', keyId: admin.id, name: admin.name, role: 'ADMIN', type: 'admin', job: null };

    const created = (await api.ok('POST', '/api-keys', { name: 'Warehouse app', role: 'VIEWER' })) as {
      id: string;
      key: string;
    };
    expect((await api.call('DELETE', `/api-keys/${created.id}`)).status).toBe(204);
    await api.ok('PATCH', '/settings', { auditRetentionDays: 120 });

    /** The entries of one route, once there is one. */
    const entriesOf = (route: string) =>
      eventually(async () => {
        const page = (await api.ok('GET', `/audit-events?route=${route}`)) as { data: AuditEvent[] };
        return page.data.length > 0 ? page.data : undefined;
      }, 30_000);

    const [creation] = await entriesOf('createApiKey');
    expect(creation).toMatchObject({ actor, status: 201, request: { method: 'POST', path: '/api/v1/api-keys' } });
    expect(creation!.resources).toEqual([
      expect.objectContaining({ type: 'api_key', id: created.id, action: 'created' }),
    ]);
    expect(creation!.resources[0]!.fields).toMatchObject({
      name: { before: null, after: 'Warehouse app' },
      hash: { before: null, after: '[redacted]' },
    });

    const [revocation] = await entriesOf('revokeApiKey');
    expect(revocation).toMatchObject({ actor, status: 204 });
    expect(revocation!.resources).toEqual([
      {
        type: 'api_key',
        id: created.id,
        action: 'changed',
        fields: { revokedAt: { before: null, after: expect.any(String) } },
      },
    ]);

    const [change] = await entriesOf('updateSettings');
    expect(change).toMatchObject({ actor, status: 200, request: { method: 'PATCH', path: '/api/v1/settings' } });
    expect(change!.resources[0]).toMatchObject({
      type: 'settings',
      action: 'changed',
      fields: { 'settings.auditRetentionDays': { before: null, after: 120 } },
    });

    // A filter on the key finds its entries too.
    const mine = (await api.ok('GET', `/audit-events?actorKeyId=${admin.id}`)) as { data: AuditEvent[] };
    expect(mine.data.map((e) => e.request?.route).sort()).toEqual(['createApiKey', 'revokeApiKey', 'updateSettings']);

    // Neither the plaintext keys nor the stored hash appear in any entry.
    const db = await mongoose.createConnection(infraEnv().mongoUrl, { dbName: stack.databases.gateway }).asPromise();
    const stored = await db.collection('api_keys').findOne({ _id: created.id as never });
    await db.close();
    const everything = JSON.stringify(await api.ok('GET', '/audit-events?limit=100'));
    expect(stored?.hash).toEqual(expect.any(String));
    for (const secret of [created.key, stored!.hash as string, adminKey]) expect(everything).not.toContain(secret);
  });

  it('lists a change the gateway refuses itself (403 before proxying), with the key, status and code', async () => {
    const { adminKey } = stack.bootstrapOrg('Audited refusals');
    const admin = gatewayJson(stack.gatewayUrl, adminKey);
    const viewer = (await admin.ok('POST', '/api-keys', { name: 'Read only', role: 'VIEWER' })) as {
      id: string;
      key: string;
    };
    const asViewer = gatewayJson(stack.gatewayUrl, viewer.key);
    const refused = await asViewer.call('POST', '/warehouses', { name: 'Not allowed' }, { 'idempotency-key': 'no-1' });
    expect(refused.status).toBe(403);
    // A refused read changes nothing and is not recorded.
    expect((await asViewer.call('GET', '/audit-events')).status).toBe(403);

    const entries = await eventually(async () => {
      const page = (await admin.ok('GET', '/audit-events?status=403')) as { data: AuditEvent[] };
      return page.data.length > 0 ? page.data : undefined;
    }, 30_000);
    expect(entries).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ kind: 'key', keyId: viewer.id, name: 'Read only', role: 'VIEWER' }),
        status: 403,
        errorCode: 'missing_permission',
        resources: [],
        request: expect.objectContaining({
          route: 'createWarehouse',
          method: 'POST',
          path: '/api/v1/warehouses',
          idempotencyKey: 'no-1',
        }),
      }),
    ]);
  });
});
