import { VerificationGate } from '../src/auth/verification-gate';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const options = { concurrency: 2, maxQueue: 5, negativeTtlMs: 1000, maxNegatives: 3 };

describe('VerificationGate', () => {
  it('runs at most `concurrency` verifications at once', async () => {
    const gate = new VerificationGate(options);
    let running = 0;
    let peak = 0;
    const work = async () => {
      peak = Math.max(peak, ++running);
      await sleep(5);
      running--;
      return true;
    };
    await Promise.all(Array.from({ length: 7 }, (_, i) => gate.verify(`k${i}`, work)));
    expect(peak).toBe(2);
  });

  it('shares one verification between concurrent checks of the same token', async () => {
    const gate = new VerificationGate(options);
    const work = jest.fn(async () => {
      await sleep(5);
      return true;
    });
    const results = await Promise.all(Array.from({ length: 20 }, () => gate.verify('same', work)));
    expect(results.every(Boolean)).toBe(true);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('remembers a failed token until its TTL, and forgets the oldest past maxNegatives', async () => {
    const gate = new VerificationGate(options);
    await gate.verify('bad', async () => false);
    expect(gate.knownBad('bad')).toBe(true);
    expect(gate.knownBad('bad', Date.now() + 1001)).toBe(false);
    for (const id of ['b1', 'b2', 'b3', 'b4']) gate.refuse(id);
    expect(gate.knownBad('b1')).toBe(false);
    expect(gate.knownBad('b4')).toBe(true);
  });

  it('refuses with 503 authentication_busy once the queue is full instead of queueing forever', async () => {
    const gate = new VerificationGate(options);
    const slow = () => sleep(20).then(() => true);
    const accepted = Array.from({ length: 7 }, (_, i) => gate.verify(`q${i}`, slow));
    await expect(gate.verify('one-too-many', slow)).rejects.toMatchObject({ status: 503, code: 'authentication_busy' });
    await Promise.all(accepted);
  });
});
