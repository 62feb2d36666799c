import type { mongo } from 'mongoose';
import { RecordSnapshots, type SnapshotRecord, type SnapshotSource } from '../store';
import { useTestDatabase } from './support/database';

/** A record of the test's own: a count kept by key, written with its version and time. */
interface Count {
  _id: string;
  orgId: string;
  version: number;
  count: number;
  updatedAt: Date;
}

const db = useTestDatabase();
const ORG = 'org_snapshots';
let counts: mongo.Collection<Count>;

/** The counts as a snapshot reads them: a count of 0 is not kept. */
const source: SnapshotSource<number> = {
  async *all(orgId) {
    for await (const c of counts.find({ orgId })) yield recordOf(c);
  },
  writtenSince: async (orgId, since) =>
    (await counts.find({ orgId, updatedAt: { $gte: since } }).toArray()).map(recordOf),
  countWrittenSince: (orgId, since) => counts.countDocuments({ orgId, updatedAt: { $gte: since } }),
};
const recordOf = (c: Count): SnapshotRecord<number> => ({ key: c._id, version: c.version, value: c.count });

const snapshots = (from: SnapshotSource<number> = source) =>
  new RecordSnapshots<number, { sum: number }>(db(), {
    collection: 'count_snapshots',
    source: from,
    keeps: (count) => count !== 0,
    shards: 4,
    total: {
      empty: () => ({ sum: 0 }),
      add: (total, count, sign) => (total.sum += sign * count),
      pack: (total) => String(total.sum),
      unpack: (packed) => ({ sum: Number(packed) }),
    },
  });

/** Sets a count as a write would: its version moved on, its time now (or `at`). */
async function write(key: string, count: number, at = new Date()) {
  await counts.updateOne(
    { _id: key },
    { $set: { orgId: ORG, count, updatedAt: at }, $inc: { version: 1 } },
    { upsert: true },
  );
}
const straight = async () => {
  const all = await counts.find({ orgId: ORG, count: { $ne: 0 } }).toArray();
  return { values: new Map(all.map((c) => [c._id, c.count])), sum: all.reduce((s, c) => s + c.count, 0) };
};
const heads = () => db().collection<{ _id: string; generation: string }>('count_snapshots_heads');
const hourAgo = () => new Date(Date.now() - 3_600_000);

beforeAll(async () => {
  counts = db().collection<Count>('counts');
  for (let i = 0; i < 20; i++) await write(`k${i}`, i + 1, hourAgo());
});

describe('RecordSnapshots', () => {
  it('builds on the first read: every kept value and their total, as the records hold them', async () => {
    const s = snapshots();
    expect(await s.values(ORG)).toEqual((await straight()).values);
    expect((await s.total(ORG)).sum).toBe(210);
    expect(await db().collection('count_snapshots_shards').countDocuments({ orgId: ORG })).toBe(4);
  });

  it('swaps in the records written since: a changed value, a new one, one no longer kept', async () => {
    const s = snapshots();
    await write('k0', 100);
    await write('k20', 5);
    await write('k1', 0);
    const { values, sum } = await straight();
    expect(await s.values(ORG)).toEqual(values);
    expect(values.has('k1')).toBe(false);
    expect((await s.total(ORG)).sum).toBe(sum);
    expect(await s.writtenSince(ORG)).toBe(3);
  });

  it('counts a write dated up to a minute before the snapshot started (its commit came after the read)', async () => {
    const s = snapshots();
    await s.build(ORG);
    // A write whose time was taken 30 s before the build, committed after the build read the record.
    await write('k5', 1_000, new Date(Date.now() - 30_000));
    expect((await s.values(ORG)).get('k5')).toBe(1_000);
    expect((await s.total(ORG)).sum).toBe((await straight()).sum);
  });

  it('reads the newer snapshot when its own was replaced during the read', async () => {
    await write('k6', 7);
    const generation = async () => (await heads().findOne({ _id: ORG }))!.generation;
    const before = await generation();
    let replaced = false;
    // Another replica's build, installed between this read's head and its shards (whose removal it sees).
    const racing: SnapshotSource<number> = {
      ...source,
      async writtenSince(orgId, since) {
        const written = await source.writtenSince(orgId, since);
        if (!replaced) {
          replaced = true;
          await snapshots().build(ORG);
        }
        return written;
      },
    };
    expect((await snapshots(racing).total(ORG)).sum).toBe((await straight()).sum);
    expect(replaced).toBe(true);
    expect(await generation()).not.toBe(before);
  });

  it('parses a snapshot once: its next reads read no shard, a newer snapshot is read afresh', async () => {
    const s = snapshots();
    await s.build(ORG);
    const first = await s.values(ORG);
    const shardRows = db().collection('count_snapshots_shards');
    const kept = await shardRows.find({ orgId: ORG }).toArray();
    await shardRows.deleteMany({ orgId: ORG });
    await write('k7', 70);
    const again = await s.values(ORG);
    expect(again).toEqual((await straight()).values);
    expect(again.get('k7')).toBe(70);
    expect(first.get('k7')).toBe(8); // an earlier read's answer stays as it was
    await shardRows.insertMany(kept);
    await snapshots().build(ORG); // another replica's newer snapshot
    await write('k8', 0);
    expect(await s.values(ORG)).toEqual((await straight()).values);
  });

  it('keeps the newest of two builds that race, and only its shards', async () => {
    const [a, b] = [snapshots(), snapshots()];
    await Promise.all([a.build(ORG), b.build(ORG), a.build(ORG)]);
    const head = (await heads().findOne({ _id: ORG }))!;
    const generations = await db().collection('count_snapshots_shards').distinct('generation', { orgId: ORG });
    expect(generations).toEqual([head.generation]);
    expect((await a.total(ORG)).sum).toBe((await straight()).sum);
  });
});
