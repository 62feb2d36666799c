import { json, startStack, type ServiceProcess, type Stack } from '@stockyard/testkit';

/**
 * Two gateway processes on one database and one Redis, as two replicas behind a load
 * balancer. Key records are trusted for 60 s here, so only the pub/sub broadcast can
 * make a revocation reach the other replica in time.
 */
describe('two gateway replicas', () => {
  let stack: Stack;
  let a: string;
  let b: string;
  let adminKey: string;
  let replica: ServiceProcess;

  const call = (base: string, method: string, route: string, key: string, body?: unknown) =>
    fetch(`${base}/api/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const newKey = async (body: unknown) => json(await call(a, 'POST', '/api-keys', adminKey, body));

  beforeAll(async () => {
    stack = await startStack([], { gateway: { KEY_REFRESH_MS: '60000', RATE_LIMIT_PER_MINUTE: '300' } });
    replica = await stack.gatewayReplica();
    [a, b] = [stack.gatewayUrl, replica.url];
    ({ adminKey } = stack.bootstrapOrg());
  });
  afterAll(() => stack?.destroy());

  it('refuses a key revoked on one replica from the other within one second, whatever it cached', async () => {
    const { id, key } = await newKey({ name: 'soon revoked', scopes: ['settings.read'] });
    expect((await call(a, 'GET', '/settings', key)).status).toBe(200);
    expect((await call(b, 'GET', '/settings', key)).status).toBe(200); // b has it cached for 60 s

    expect((await call(a, 'DELETE', `/api-keys/${id}`, adminKey)).status).toBe(204);
    const revokedAt = Date.now();
    let status = 0;
    while (Date.now() - revokedAt < 1000) {
      const res = await call(b, 'GET', '/settings', key);
      status = res.status;
      if (status === 401) {
        expect((await json(res)).error.code).toBe('api_key_revoked');
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
    expect((await call(a, 'GET', '/settings', key)).status).toBe(401);
  });

  it('shares one budget of 300 a minute per key: the 301st is 429 on whichever replica', async () => {
    const { key } = await newKey({ name: 'busy', scopes: ['settings.read'] });
    const statuses: number[] = [];
    for (let batch = 0; batch < 15; batch++) {
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(i % 2 ? a : b, 'GET', '/settings', key)),
      );
      statuses.push(...replies.map((r) => r.status));
      const last = replies[replies.length - 1]!;
      expect(last.headers.get('ratelimit-limit')).toBe('300');
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);

    for (const base of [a, b]) {
      const res = await call(base, 'GET', '/settings', key);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect(res.headers.get('ratelimit-policy')).toBe('300;w=60');
      expect((await json(res)).error.code).toBe('rate_limit_exceeded');
    }
    // Another key of the same organization has its own budget.
    const other = await newKey({ name: 'calm', scopes: ['settings.read'] });
    const fresh = await call(b, 'GET', '/settings', other.key);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('ratelimit-remaining')).toBe('299');
  });
});
