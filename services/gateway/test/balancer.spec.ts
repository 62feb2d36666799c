import { Balancer } from '../src/http/balancer';

const clock = () => {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

const threeReplicas = (time = clock()) =>
  new Balancer(
    ['a', 'b', 'c'].map((url) => ({ url, target: url })),
    { downMs: 1000, maxDownMs: 4000 },
    time.now,
  );

describe('Balancer', () => {
  it('takes idle replicas in turn', () => {
    const balancer = threeReplicas();
    expect([1, 2, 3, 4, 5, 6].map(() => balancer.pick()!.url)).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });

  it('sends to the replica with the fewest requests in flight', () => {
    const balancer = threeReplicas();
    const [a, b, c] = balancer.members;
    a!.inFlight = 3;
    b!.inFlight = 1;
    c!.inFlight = 2;
    expect([1, 2, 3].map(() => balancer.pick()!.url)).toEqual(['b', 'b', 'b']);
  });

  it('skips the replicas already tried and answers none when all were', () => {
    const balancer = threeReplicas();
    const tried = new Set(balancer.members.slice(0, 2));
    expect(balancer.pick(tried)!.url).toBe('c');
    expect(balancer.pick(new Set(balancer.members))).toBeUndefined();
  });

  it('leaves a refusing replica alone while it is down, then lets one request probe it', () => {
    const time = clock();
    const balancer = threeReplicas(time);
    const a = balancer.members[0]!;
    balancer.refused(a);
    expect([1, 2, 3, 4].map(() => balancer.pick()!.url)).not.toContain('a');
    time.advance(1000);
    const picks = [1, 2, 3, 4].map(() => balancer.pick()!.url);
    expect(picks.filter((url) => url === 'a')).toHaveLength(1); // the probe, alone while it runs
    balancer.connected(a);
    expect([1, 2, 3].map(() => balancer.pick()!.url)).toContain('a');
  });

  it('doubles the time down for each refusal in a row, up to the longest', () => {
    const time = clock();
    const balancer = threeReplicas(time);
    const a = balancer.members[0]!;
    const downFor = () => a.downUntil - time.now();
    balancer.refused(a);
    expect(downFor()).toBe(1000);
    balancer.refused(a);
    expect(downFor()).toBe(2000);
    balancer.refused(a);
    balancer.refused(a);
    expect(downFor()).toBe(4000);
    balancer.connected(a);
    balancer.refused(a);
    expect(downFor()).toBe(1000);
  });

  it('tries the replica down longest when every other is down or tried', () => {
    const time = clock();
    const balancer = threeReplicas(time);
    const [a, b, c] = balancer.members;
    balancer.refused(b!);
    time.advance(10);
    balancer.refused(a!);
    balancer.refused(c!);
    expect(balancer.pick()!.url).toBe('b');
    expect(balancer.pick(new Set([b!]))!.url).toMatch(/^[ac]$/);
  });

  it('frees a probe that ended without a connection for the next request', () => {
    const time = clock();
    const balancer = new Balancer(
      [
        { url: 'a', target: 'a' },
        { url: 'b', target: 'b' },
      ],
      undefined,
      time.now,
    );
    const a = balancer.members[0]!;
    balancer.refused(a);
    time.advance(1000);
    const probe = [balancer.pick()!, balancer.pick()!].find((m) => m === a)!;
    expect(balancer.pick(new Set([balancer.members[1]!]))).toBe(a); // only the fallback while probing
    balancer.released(probe);
    expect(a.probing).toBe(false);
    expect([balancer.pick()!.url, balancer.pick()!.url]).toContain('a');
  });
});
