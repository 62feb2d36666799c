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
    expect(await json(res)).toEqual({ invoiceWorkflow: 'simple', updatedAt: null });
  });

  it('changes invoiceWorkflow and keeps it per organization', async () => {
    const res = await gw.api('PATCH', '/settings', adminKey, { invoiceWorkflow: 'advanced' });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ invoiceWorkflow: 'advanced', updatedAt: expect.any(String) });
    expect((await json(await gw.api('GET', '/settings', adminKey))).invoiceWorkflow).toBe('advanced');
    const other = await gw.newOrg('Other');
    expect((await json(await gw.api('GET', '/settings', other.adminKey))).invoiceWorkflow).toBe('simple');
  });

  it('rejects an unknown workflow, an unknown setting and an empty body with 400 validation_failed', async () => {
    for (const body of [{ invoiceWorkflow: 'complex' }, { currency: 'EUR' }, {}]) {
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
