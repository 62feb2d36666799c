import { Authenticator } from '../src/auth/authenticator';
import { RefusalTimer } from '../src/auth/refusal-timer';
import { DEFAULT_GATE, VerificationGate } from '../src/auth/verification-gate';
import { formatKey } from '../src/domain/api-key-format';
import { verifyKeyHash, type ApiKeyRecord } from '../src/store/api-key.repository';
import { startGateway, type TestGateway } from './support/gateway';

/** scrypt runs once per verified token and never again for a token already refused. */
describe('key verification cost', () => {
  let gw: TestGateway;
  let orgId: string;
  let auth: Authenticator;
  const verify = jest.fn((record: ApiKeyRecord, token: string) => verifyKeyHash(record, token));
  const attempt = (token: string) =>
    auth.authenticate(`Bearer ${token}`).then(
      () => 'ok',
      (err: { code: string }) => err.code,
    );

  beforeAll(async () => {
    gw = await startGateway();
    ({ orgId } = await gw.newOrg());
  });
  afterAll(() => gw?.close());
  beforeEach(() => {
    verify.mockClear();
    // Budgets out of the way and refusals answered at once: this file counts scrypt runs.
    const budget = { keyBurst: 1000, keyRefillMs: 1000, clientBurst: 1000, clientRefillMs: 1000 };
    auth = new Authenticator(gw.keys, {
      verify,
      gate: new VerificationGate({ ...DEFAULT_GATE, budget }),
      refusals: new RefusalTimer(0, 0),
    });
  });

  it('verifies a valid key with scrypt once, however many requests arrive together', async () => {
    const key = await gw.keyWith(orgId, 'VIEWER');
    const results = await Promise.all(Array.from({ length: 50 }, () => attempt(key.token)));
    expect(new Set(results)).toEqual(new Set(['ok']));
    expect(await attempt(key.token)).toBe('ok');
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('runs scrypt once for a flood of one well-formed key with a wrong secret', async () => {
    const key = await gw.keyWith(orgId, 'VIEWER');
    const forged = formatKey('admin', key.id, 'W'.repeat(32));
    const burst = await Promise.all(Array.from({ length: 50 }, () => attempt(forged)));
    const later = await Promise.all(Array.from({ length: 50 }, () => attempt(forged)));
    expect(new Set([...burst, ...later])).toEqual(new Set(['invalid_api_key']));
    expect(verify).toHaveBeenCalledTimes(1);
    expect(await attempt(key.token)).toBe('ok'); // the real key is unaffected
  });

  it('never runs scrypt for a wrong secret of a key this process has verified: the digest tells', async () => {
    const key = await gw.keyWith(orgId, 'VIEWER');
    expect(await attempt(key.token)).toBe('ok');
    const forged = Array.from({ length: 20 }, (_, i) => formatKey('admin', key.id, `${i}`.padStart(32, 'W')));
    expect(new Set(await Promise.all(forged.map(attempt)))).toEqual(new Set(['invalid_api_key']));
    expect(verify).toHaveBeenCalledTimes(1);
    expect(await attempt(key.token)).toBe('ok');
  });

  it('never runs scrypt for random strings, bad checksums or unknown key ids', async () => {
    const key = await gw.keyWith(orgId, 'VIEWER');
    const typo = key.token.slice(0, -1) + (key.token.endsWith('a') ? 'b' : 'a');
    const unknownId = formatKey('admin', 'Unknown0Key1', 'S'.repeat(32));
    for (const token of ['x'.repeat(60), typo, unknownId, unknownId])
      expect(await attempt(token)).toBe('invalid_api_key');
    expect(verify).not.toHaveBeenCalled();
  });
});
