import { createLogger } from '@stockyard/service-kit/ops';
import { startGateway, type TestGateway } from './support/gateway';
import { floodWrongSecrets, getFrom } from './support/wrong-secrets';

/**
 * The flood: 300 distinct wrong secrets for one known key id (ids are not secret),
 * 100 at a time, from another client (127.0.0.2). Before, 232 answered 503
 * authentication_busy, and so did a new key's first request during the flood.
 */
describe('a flood of wrong secrets', () => {
  let gw: TestGateway;
  let orgId: string;
  const logger = createLogger('gateway', 'silent');
  const warn = jest.spyOn(logger, 'warn');

  beforeAll(async () => {
    gw = await startGateway({}, { logger });
    ({ orgId } = await gw.newOrg());
  });
  afterAll(() => gw?.close());

  it("answers 401 invalid_api_key or 429 authentication_throttled, never 503; a new key's first use 200", async () => {
    const target = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    const fresh = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    const url = `${gw.url}/api/v1/settings`;
    const flooding = floodWrongSecrets({
      url,
      keyIds: [target.id],
      count: 300,
      concurrency: 100,
      localAddress: '127.0.0.2',
    });
    await new Promise((r) => setTimeout(r, 200));
    const first = await getFrom(url, fresh.token);
    const answers = await flooding;

    expect(first.status).toBe(200);
    const kinds = new Set(answers.map((a) => `${a.status} ${a.code}`));
    expect([...kinds].sort()).toEqual(['401 invalid_api_key', '429 authentication_throttled']);
    // The budget (5 for one client), not 300 scrypts.
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(10);
    expect(Number(answers.find((a) => a.status === 429)!.retryAfter)).toBeGreaterThan(0);
    // The target's holder is not locked out by one flooding client: its key id's budget refills
    // faster than the client's (one attempt per 2 s), so at most one Retry-After stands between.
    let holder = await getFrom(url, target.token);
    if (holder.status === 429) {
      expect(Number(holder.retryAfter)).toBeLessThanOrEqual(2);
      await new Promise((r) => setTimeout(r, Number(holder.retryAfter) * 1000));
      holder = await getFrom(url, target.token);
    }
    expect(holder.status).toBe(200);
  });

  it('logs the throttling for what it is, and nothing as an upstream error', async () => {
    const target = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    await floodWrongSecrets({
      url: `${gw.url}/api/v1/settings`,
      keyIds: [target.id],
      count: 50,
      concurrency: 50,
      localAddress: '127.0.0.3',
    });
    const messages = warn.mock.calls.map((call) => call[1]);
    expect(messages).toContain('authentication attempts throttled');
    expect(messages).not.toContain('upstream error');
  });
});
