import { VerificationGate, type Attempt, type GateOptions } from '../src/auth/verification-gate';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const roomy = { keyBurst: 100, keyRefillMs: 1000, clientBurst: 100, clientRefillMs: 1000 };
const options: GateOptions = { concurrency: 2, maxQueue: 5, negativeTtlMs: 1000, maxNegatives: 3, budget: roomy };
const attempt = (id: string, keyId = id, client = '203.0.113.1'): Attempt => ({ id, keyId, client });
/** What the authenticator hands the gate: scrypt (here `ok` after `ms`) in the gate's slot. */
const kdfJob =
  (ok: boolean, ms = 5) =>
  (kdf: <T>(w: () => Promise<T>) => Promise<T>) =>
    kdf(() => sleep(ms).then(() => (ok ? 'key' : null)));

describe('VerificationGate', () => {
  it('runs at most `concurrency` verifications at once', async () => {
    const gate = new VerificationGate(options);
    let running = 0;
    let peak = 0;
    const job = (kdf: <T>(w: () => Promise<T>) => Promise<T>) =>
      kdf(async () => {
        peak = Math.max(peak, ++running);
        await sleep(5);
        running--;
        return 'key';
      });
    await Promise.all(Array.from({ length: 7 }, (_, i) => gate.verify(attempt(`k${i}`), job)));
    expect(peak).toBe(2);
  });

  it('shares one verification, and one charge, between concurrent checks of the same token', async () => {
    const gate = new VerificationGate({ ...options, budget: { ...roomy, keyBurst: 1 } });
    const job = jest.fn(kdfJob(false));
    const results = await Promise.all(Array.from({ length: 20 }, () => gate.verify(attempt('same', 'key1'), job)));
    expect(results).toEqual(Array(20).fill(null));
    expect(job).toHaveBeenCalledTimes(1);
  });

  it('remembers a failed token until its TTL, and forgets the oldest past maxNegatives', async () => {
    const gate = new VerificationGate(options);
    await gate.verify(attempt('bad'), kdfJob(false));
    expect(gate.knownBad('bad')).toBe(true);
    expect(gate.knownBad('bad', Date.now() + 1001)).toBe(false);
    for (const id of ['b1', 'b2', 'b3', 'b4']) gate.refuse(id);
    expect(gate.knownBad('b1')).toBe(false);
    expect(gate.knownBad('b4')).toBe(true);
  });

  it("answers 429 authentication_throttled, never 503, once a key id's budget is spent, before any work", async () => {
    const gate = new VerificationGate({ ...options, budget: { ...roomy, keyBurst: 3, keyRefillMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect(await gate.verify(attempt(`wrong${i}`, 'key1'), kdfJob(false))).toBeNull();
    const job = jest.fn(kdfJob(false));
    const refusal = gate.verify(attempt('wrong3', 'key1'), job);
    await expect(refusal).rejects.toMatchObject({ status: 429, code: 'authentication_throttled' });
    await expect(refusal).rejects.toMatchObject({ headers: { 'Retry-After': '60' } });
    expect(job).not.toHaveBeenCalled();
    expect(await gate.verify(attempt('other', 'key2'), kdfJob(true))).toBe('key'); // another key id's budget is its own
  });

  it("answers 429 once a client's budget is spent, whichever key ids it tries", async () => {
    const gate = new VerificationGate({ ...options, budget: { ...roomy, clientBurst: 2, clientRefillMs: 60_000 } });
    for (const keyId of ['a', 'b'])
      expect(await gate.verify(attempt(keyId, keyId, 'flooder'), kdfJob(false))).toBeNull();
    await expect(gate.verify(attempt('c', 'c', 'flooder'), kdfJob(false))).rejects.toMatchObject({ status: 429 });
    expect(await gate.verify(attempt('c', 'c', 'someone else'), kdfJob(true))).toBe('key');
  });

  it('gives the budget back when the attempt verifies: a key holder spends nothing', async () => {
    const gate = new VerificationGate({ ...options, budget: { ...roomy, keyBurst: 1, keyRefillMs: 60_000 } });
    for (let i = 0; i < 5; i++) expect(await gate.verify(attempt(`right${i}`, 'key1'), kdfJob(true))).toBe('key');
  });

  it('answers 429 once the queue is full, instead of queueing forever', async () => {
    const gate = new VerificationGate(options);
    const accepted = Array.from({ length: 7 }, (_, i) => gate.verify(attempt(`q${i}`), kdfJob(true, 20)));
    await expect(gate.verify(attempt('one-too-many'), kdfJob(true))).rejects.toMatchObject({
      status: 429,
      code: 'authentication_throttled',
    });
    await Promise.all(accepted);
  });
});
