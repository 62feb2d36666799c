import type { AuditRecordedPayload } from '@stockyard/contracts';
import { eventually, tapEvents, infraEnv } from '@stockyard/testkit';
import { startGateway, type TestGateway } from './support/gateway';

let gw: TestGateway;
let tap: Awaited<ReturnType<typeof tapEvents>>;
beforeAll(async () => {
  gw = await startGateway();
  tap = await tapEvents(infraEnv().amqpUrl, gw.exchange, ['audit.recorded']);
});
afterAll(async () => {
  await tap.close();
  await gw.close();
});

/** The organization's records so far (payloads), once one passes `match`. */
const recordWhen = (orgId: string, match: (record: AuditRecordedPayload) => boolean) =>
  eventually(() => {
    const records = tap.named('audit.recorded').map((e) => e.payload as AuditRecordedPayload);
    return records.find((r) => r.orgId === orgId && match(r));
  });
const byRoute = (route: string) => (record: AuditRecordedPayload) => record.request?.route === route;

describe('the audit trail of the gateway’s own changes', () => {
  it('records a key’s creation and revocation, and a settings change, naming the calling key', async () => {
    const { orgId, adminKey, adminKeyId } = await gw.newOrg();
    const actor = { kind: 'key', keyId: adminKeyId, name: 'admin', role: 'ADMIN', type: 'admin', job: null };

    const created = await gw.api(
      'POST',
      '/api-keys',
      adminKey,
      { name: 'ERP sync', role: 'VIEWER' },
      {
        'idempotency-key': 'audit-create-1',
      },
    );
    expect(created.status).toBe(201);
    const key = (await created.json()) as { id: string; key: string };
    const creation = await recordWhen(orgId, byRoute('createApiKey'));
    expect(creation).toMatchObject({
      actor,
      request: { route: 'createApiKey', method: 'POST', path: '/api/v1/api-keys', idempotencyKey: 'audit-create-1' },
      status: 201,
      errorCode: null,
    });
    expect(creation.resources).toEqual([expect.objectContaining({ type: 'api_key', id: key.id, action: 'created' })]);
    const fields = creation.resources[0]!.fields;
    expect(fields.name).toEqual({ before: null, after: 'ERP sync' });
    expect(fields.role).toEqual({ before: null, after: 'VIEWER' });
    expect(fields.hash).toEqual({ before: null, after: '[redacted]' });

    expect((await gw.api('DELETE', `/api-keys/${key.id}`, adminKey)).status).toBe(204);
    const revocation = await recordWhen(orgId, byRoute('revokeApiKey'));
    expect(revocation).toMatchObject({ actor, status: 204, request: { method: 'DELETE' } });
    expect(revocation.resources).toEqual([
      {
        type: 'api_key',
        id: key.id,
        action: 'changed',
        fields: { revokedAt: { before: null, after: expect.any(String) } },
      },
    ]);

    const patched = await gw.api('PATCH', '/settings', adminKey, { auditRetentionDays: 90 });
    expect(patched.status).toBe(200);
    const change = await recordWhen(orgId, byRoute('updateSettings'));
    expect(change).toMatchObject({ actor, status: 200, request: { method: 'PATCH', path: '/api/v1/settings' } });
    expect(change.resources).toEqual([
      {
        type: 'settings',
        id: orgId,
        action: 'changed',
        fields: { 'settings.auditRetentionDays': { before: null, after: 90 } },
      },
    ]);

    // The same value again changes nothing, and records nothing.
    const again = await gw.api('PATCH', '/settings', adminKey, { auditRetentionDays: 90, invoiceWorkflow: 'advanced' });
    expect(again.status).toBe(200);
    const second = await recordWhen(orgId, (r) => byRoute('updateSettings')(r) && r !== change);
    expect(second.resources[0]!.fields).toEqual({
      'settings.invoiceWorkflow': { before: 'simple', after: 'advanced' },
    });

    // Neither the plaintext key nor its stored hash is anywhere in what was recorded.
    const stored = await gw.connection.collection('api_keys').findOne({ _id: key.id as never });
    const everything = JSON.stringify(tap.events);
    expect(stored?.hash).toEqual(expect.any(String));
    expect(everything).not.toContain(key.key);
    expect(everything).not.toContain(stored!.hash as string);
    expect(everything).not.toContain(adminKey);
  });
});
