import { freePort, json } from '@stockyard/testkit';
import { startGateway, type TestGateway } from './support/gateway';

/**
 * Redis unreachable (a closed port): the gateway fails open to a per-replica in-memory
 * limit, never hangs, and revocation falls back to the one-second record refresh.
 */
describe('gateway with Redis unreachable', () => {
  let a: TestGateway;
  let b: TestGateway;
  let orgId: string;
  let adminKey: string;

  beforeAll(async () => {
    const REDIS_URL = `redis://127.0.0.1:${await freePort()}`;
    a = await startGateway({ REDIS_URL, RATE_LIMIT_PER_MINUTE: 5 });
    b = await startGateway({ REDIS_URL, RATE_LIMIT_PER_MINUTE: 5, MONGO_DB: a.connection.name });
    ({ orgId, adminKey } = await a.newOrg());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('answers without awaiting Redis, with RateLimit headers, counting in memory; 6th of limit 5 is 429', async () => {
    const key = await a.keyWith(orgId, 'VIEWER', ['settings.read']);
    for (let i = 1; i <= 5; i++) {
      const started = Date.now();
      const res = await a.api('GET', '/settings', key.token);
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(i === 1 ? 5000 : 2000); // the first one pays scrypt
      expect(res.headers.get('ratelimit-remaining')).toBe(String(5 - i));
    }
    const limited = await a.api('GET', '/settings', key.token);
    expect(limited.status).toBe(429);
    expect((await json(limited)).error.code).toBe('rate_limit_exceeded');
  });

  it('still refuses a revoked key on the other replica within one second (record refresh)', async () => {
    const key = await a.keyWith(orgId, 'VIEWER', ['settings.read']);
    expect((await b.api('GET', '/settings', key.token)).status).toBe(200); // cached on b
    expect((await a.api('DELETE', `/api-keys/${key.id}`, adminKey)).status).toBe(204);
    await new Promise((r) => setTimeout(r, 1000));
    const res = await b.api('GET', '/settings', key.token);
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe('api_key_revoked');
  });
});
