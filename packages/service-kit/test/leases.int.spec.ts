import { Leases } from '../src';
import { useTestDatabase } from './support/database';

const db = useTestDatabase();
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe('Leases', () => {
  it('gives a name to one owner until its lease runs out, then to another', async () => {
    const collection = db().collection('leases_a');
    const [a, b] = [new Leases(collection, 'replica-a'), new Leases(collection, 'replica-b')];

    expect(await a.take('feed:ch_1', 1_000, at(0))).toBe(true);
    expect(await b.take('feed:ch_1', 1_000, at(500))).toBe(false);
    expect(await a.take('feed:ch_1', 1_000, at(900))).toBe(true); // renewed: now until 1,900
    expect(await b.take('feed:ch_1', 1_000, at(1_500))).toBe(false);
    expect(await b.take('feed:ch_1', 1_000, at(1_900))).toBe(true);
    expect(await a.take('feed:ch_1', 1_000, at(2_000))).toBe(false);
    expect(await a.holder('feed:ch_1', at(2_000))).toBe('replica-b');
    expect(await a.holder('feed:ch_1', at(2_900))).toBeNull();
  });

  it('keeps names apart', async () => {
    const collection = db().collection('leases_b');
    const [a, b] = [new Leases(collection, 'replica-a'), new Leases(collection, 'replica-b')];
    expect(await a.take('feed:ch_1', 1_000, at(0))).toBe(true);
    expect(await b.take('feed:ch_2', 1_000, at(0))).toBe(true);
  });

  it('hands a released name over at once, and a release by another owner changes nothing', async () => {
    const collection = db().collection('leases_c');
    const [a, b] = [new Leases(collection, 'replica-a'), new Leases(collection, 'replica-b')];
    expect(await a.take('sweep', 60_000, at(0))).toBe(true);
    await b.release('sweep');
    expect(await b.take('sweep', 60_000, at(1))).toBe(false);
    await a.release('sweep');
    expect(await b.take('sweep', 60_000, at(2))).toBe(true);
  });

  it('lets exactly one of many replicas take a free name at once', async () => {
    const collection = db().collection('leases_d');
    const replicas = Array.from({ length: 8 }, (_, i) => new Leases(collection, `replica-${i}`));
    const taken = await Promise.all(replicas.map((r) => r.take('feed:ch_9', 10_000, at(0))));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const winner = replicas[taken.indexOf(true)]!.owner;
    expect(await replicas[0]!.holder('feed:ch_9', at(1))).toBe(winner);
  });
});
