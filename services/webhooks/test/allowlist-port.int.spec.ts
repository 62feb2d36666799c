import { startWebhooks, type Harness } from './support/webhooks';

/**
 * An allow-list entry with a port allows that receiver only. Before, 127.0.0.1 (npm start's
 * default) let a partner key aim deliveries at every local port: a service's internal API, Redis.
 */
describe('WEBHOOK_URL_ALLOWLIST=127.0.0.1:4590', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startWebhooks('org_allowlist', { env: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1:4590' } });
  });
  afterAll(() => harness.close());

  const create = (url: string) =>
    harness.request('POST', '/webhooks', { url, events: ['order.created'] }, { orgId: 'org_allowlist' });

  it('accepts the allowed receiver, over http', async () => {
    expect((await create('http://127.0.0.1:4590/hooks')).status).toBe(201);
  });

  it("refuses another local port: a service's internal API (http) or Redis (https), 422", async () => {
    const internal = await create('http://127.0.0.1:8085/internal/v1/stock/receive');
    expect(internal.status).toBe(422);
    expect(internal.body.error.code).toBe('webhook_url_not_https');
    const redis = await create('https://127.0.0.1:6379/');
    expect(redis.status).toBe(422);
    expect(redis.body.error.code).toBe('webhook_url_private_address');
  });

  it('tells the caller how another local port would be allowed, without naming the configured entry', async () => {
    const res = await create('http://127.0.0.1:4591/hook');
    expect([res.status, res.body.error.code]).toEqual([422, 'webhook_url_not_https']);
    expect(res.body.error.message).toContain('an operator can allow this receiver');
    expect(res.body.error.message).toMatch(/WEBHOOK_URL_ALLOWLIST=127\.0\.0\.1:4591$/);
    expect(res.body.error.message).not.toContain('4590');
  });
});
