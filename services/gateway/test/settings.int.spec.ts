import { json, asCaller } from '@stockyard/testkit';
import { startGateway, type TestGateway } from './support/gateway';

describe('GET and PATCH /settings, GET /internal/v1/settings', () => {
  let gw: TestGateway;
  let orgId: string;
  let adminKey: string;

  beforeAll(async () => {
    gw = await startGateway();
    ({ orgId, adminKey } = await gw.newOrg());
  });
  afterAll(() => gw?.close());

  it('answers the defaults for a new organization', async () => {
    const res = await gw.api('GET', '/settings', adminKey);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      invoiceWorkflow: 'simple',
      accountingPush: 'none',
      matchTolerancePercent: 0,
      matchToleranceAmount: 0,
      auditRetentionDays: 365,
      updatedAt: null,
    });
  });

  it('keeps the audit retention in days, 365 where an organization never set it', async () => {
    const other = await gw.newOrg('Retention');
    // An organization whose settings were written before the field existed.
    await gw.connection.collection('organizations').updateOne({ _id: other.orgId } as never, {
      $set: { settings: { invoiceWorkflow: 'advanced' } },
    });
    expect(await json(await gw.api('GET', '/settings', other.adminKey))).toMatchObject({
      invoiceWorkflow: 'advanced',
      auditRetentionDays: 365,
    });
    const res = await gw.api('PATCH', '/settings', other.adminKey, { auditRetentionDays: 30 });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ invoiceWorkflow: 'advanced', auditRetentionDays: 30 });
    await gw.api('PATCH', '/settings', other.adminKey, { auditRetentionDays: 3650 });
    const internal = await fetch(`${gw.url}/internal/v1/settings`, { headers: asCaller(other.orgId) });
    expect((await json(internal)).auditRetentionDays).toBe(3650);
  });

  it('rejects an audit retention under 30 days, over 3650 or not whole with 400 validation_failed', async () => {
    for (const auditRetentionDays of [10, 29, 5000, 3651, 90.5, '90']) {
      const res = await gw.api('PATCH', '/settings', adminKey, { auditRetentionDays });
      const body = await json(res);
      expect([res.status, body.error.code, body.error.details[0].field]).toEqual([
        400,
        'validation_failed',
        'auditRetentionDays',
      ]);
    }
    expect((await json(await gw.api('GET', '/settings', adminKey))).auditRetentionDays).toBe(365);
  });

  it('changes invoiceWorkflow and keeps it per organization', async () => {
    const res = await gw.api('PATCH', '/settings', adminKey, { invoiceWorkflow: 'advanced' });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ invoiceWorkflow: 'advanced', updatedAt: expect.any(String) });
    expect((await json(await gw.api('GET', '/settings', adminKey))).invoiceWorkflow).toBe('advanced');
    const other = await gw.newOrg('Other');
    expect((await json(await gw.api('GET', '/settings', other.adminKey))).invoiceWorkflow).toBe('simple');
  });

  it('changes the accounting push and the match tolerance, keeping the other settings', async () => {
    const other = await gw.newOrg('Tolerance');
    const patch = { accountingPush: 'on_reconcile', matchTolerancePercent: 2.5, matchToleranceAmount: 1 };
    const res = await gw.api('PATCH', '/settings', other.adminKey, patch);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ invoiceWorkflow: 'simple', ...patch });
    await gw.api('PATCH', '/settings', other.adminKey, { accountingPush: 'on_approve' });
    expect(await json(await gw.api('GET', '/settings', other.adminKey))).toMatchObject({
      accountingPush: 'on_approve',
      matchTolerancePercent: 2.5,
      matchToleranceAmount: 1,
    });
  });

  it('rejects an unknown workflow, an unknown setting and an empty body with 400 validation_failed', async () => {
    for (const body of [
      { invoiceWorkflow: 'complex' },
      { currency: 'EUR' },
      {},
      { accountingPush: 'always' },
      { matchTolerancePercent: 101 },
      { matchTolerancePercent: -1 },
      { matchToleranceAmount: 0.001 },
    ]) {
      const res = await gw.api('PATCH', '/settings', adminKey, body);
      expect(res.status).toBe(400);
      expect((await json(res)).error.code).toBe('validation_failed');
    }
  });

  it('needs settings.read to read and settings.write to change', async () => {
    const reader = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    expect((await gw.api('GET', '/settings', reader.token)).status).toBe(200);
    const res = await gw.api('PATCH', '/settings', reader.token, { invoiceWorkflow: 'simple' });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('missing_permission');
  });

  it('serves services the settings over /internal/v1 with a signed identity, and 401 without one', async () => {
    const res = await fetch(`${gw.url}/internal/v1/settings`, { headers: asCaller(orgId) });
    expect(res.status).toBe(200);
    expect((await json(res)).invoiceWorkflow).toBe('advanced');
    const anonymous = await fetch(`${gw.url}/internal/v1/settings`);
    expect(anonymous.status).toBe(401);
    expect((await json(anonymous)).error.code).toBe('unauthenticated');
  });
});
