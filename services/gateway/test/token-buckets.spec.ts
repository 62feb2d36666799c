import { TokenBuckets } from '../src/auth/token-buckets';

describe('TokenBuckets', () => {
  it('allows `capacity` at once, then one per refill period, and says how long to wait', () => {
    const buckets = new TokenBuckets(2, 1000);
    const t = 1_000_000;
    expect([buckets.take('a', t), buckets.take('a', t)]).toEqual([0, 0]);
    expect(buckets.take('a', t + 250)).toBe(750);
    expect(buckets.take('a', t + 1000)).toBe(0);
    expect(buckets.take('b', t)).toBe(0); // each name has its own
  });

  it('takes a token given back as if it had never been spent', () => {
    const buckets = new TokenBuckets(1, 60_000);
    expect(buckets.take('a', 0)).toBe(0);
    buckets.give('a', 0);
    expect(buckets.take('a', 0)).toBe(0);
  });

  it('keeps at most maxTracked buckets, forgetting the oldest', () => {
    const buckets = new TokenBuckets(1, 60_000, 2);
    for (const name of ['a', 'b', 'c']) expect(buckets.take(name, 0)).toBe(0);
    expect(buckets.take('a', 0)).toBe(0); // forgotten: full again
    expect(buckets.take('c', 0)).toBeGreaterThan(0);
  });
});
