import { json } from '@stockyard/testkit';
import { startGateway, type TestGateway } from './support/gateway';
import { getFrom, unknownKey, wrongSecretFor } from './support/wrong-secrets';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A wrong secret tells nothing about its key id: not whether it exists, nor its state, nor by timing. */
describe('answers to a wrong secret', () => {
  let gw: TestGateway;
  let orgId: string;
  let adminKey: string;

  beforeAll(async () => {
    // Budgets out of the way: this file sends many wrong secrets from one client on purpose. A
    // floor of 2 s (the refusal timer's cap) stays above scrypt's time even on a busy machine (on
    // an idle one, 170 ms; a CI run's suite beside this file once made it outlast a floor of 1 s).
    gw = await startGateway({ AUTH_KEY_BURST: 1000, AUTH_CLIENT_BURST: 1000, AUTH_REFUSAL_MS: 2000 });
    ({ orgId, adminKey } = await gw.newOrg());
  });
  afterAll(() => gw?.close());

  it("are invalid_api_key for a revoked key's id; only its real secret learns it is revoked", async () => {
    const used = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    const unused = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    expect((await gw.api('GET', '/settings', used.token)).status).toBe(200);
    for (const key of [used, unused])
      expect((await gw.api('DELETE', `/api-keys/${key.id}`, adminKey)).status).toBe(204);

    for (const key of [used, unused]) {
      const wrong = await gw.api('GET', '/settings', wrongSecretFor(key.id));
      expect(wrong.status).toBe(401);
      expect((await json(wrong)).error.code).toBe('invalid_api_key');
      const right = await gw.api('GET', '/settings', key.token);
      expect(right.status).toBe(401);
      expect((await json(right)).error.code).toBe('api_key_revoked');
    }
  });

  it('take as long for a known key id, verified here or not, as for an unknown one', async () => {
    const verified = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    const cold = await gw.keyWith(orgId, 'VIEWER', ['settings.read']);
    expect((await gw.api('GET', '/settings', verified.token)).status).toBe(200);
    const url = `${gw.url}/api/v1/settings`;
    const kinds = {
      unknown: () => unknownKey(),
      'known, verified here': () => wrongSecretFor(verified.id),
      'known, not verified here': () => wrongSecretFor(cold.id),
    };
    const times: Record<string, number[]> = { unknown: [], 'known, verified here': [], 'known, not verified here': [] };
    for (let round = 0; round < 6; round++) {
      for (const [kind, token] of Object.entries(kinds)) {
        const answer = await getFrom(url, token());
        expect(answer).toMatchObject({ status: 401, code: 'invalid_api_key' });
        if (round > 0) times[kind]!.push(answer.ms); // the first round teaches the gateway scrypt's time
      }
    }
    // A leak would differ by scrypt's time (170 ms idle, more on a busy machine); scheduling noise on
    // a loaded 2-core machine moves a median by up to ~25 ms (CI saw 22.8 ms), so the bar is between.
    const medians = Object.values(times).map(median);
    expect(Math.max(...medians) - Math.min(...medians)).toBeLessThan(60);
  }, 120_000);
});
