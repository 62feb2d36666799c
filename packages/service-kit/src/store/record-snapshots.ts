import { randomBytes } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError } from '../db/mongo';
import { RecentMap } from '../recent-map';

/** A record as a snapshot keeps it: its key, its version and the value derived from it. */
export interface SnapshotRecord<V> {
  key: string;
  version: number;
  value: V;
}

/** Where a snapshot's records come from: the records themselves, read by the organization. */
export interface SnapshotSource<V> {
  /** Every record of the organization, streamed. */
  all(orgId: string): AsyncIterable<SnapshotRecord<V>>;
  /** The records written at or after `since` (an `(orgId, updatedAt)` index range). */
  writtenSince(orgId: string, since: Date): Promise<SnapshotRecord<V>[]>;
  /** How many records were written at or after `since`. */
  countWrittenSince(orgId: string, since: Date): Promise<number>;
}

/** A sum of every record's value kept with a snapshot, so a read of it reads only the records written since. */
export interface SnapshotTotal<V, T> {
  empty(): T;
  /** Adds a value to the sum (`sign` -1: takes it away). */
  add(total: T, value: V, sign: 1 | -1): void;
  pack(total: T): string;
  unpack(packed: string): T;
}

interface RecordSnapshotsOptions<V, T> {
  /** The collections' prefix: `<prefix>_heads` (one row per organization) and `<prefix>_shards`. */
  collection: string;
  source: SnapshotSource<V>;
  /** Whether a value is kept (an empty one need not be: a record without one reads as absent). */
  keeps?: (value: V) => boolean;
  /** A sum kept with each snapshot (`total`). */
  total?: SnapshotTotal<V, T>;
  /** Shards of a snapshot's records, by a hash of the key (64). */
  shards?: number;
}

/**
 * How long before a snapshot's start a record's write may still be missing from it: a write's time
 * is taken before it commits (a lock's wait, a retry), and replicas' clocks differ a little. Such
 * writes are read again by every read of the snapshot; one already in it changes nothing.
 */
const MISSED_MS = 60_000;

/** Organizations whose last snapshot's values a process keeps parsed (`values`). */
const PARSED_KEPT = 8;

interface Head {
  _id: string;
  generation: string;
  startedAt: Date;
  shards: number;
  total?: string;
}

type Kept<V> = [key: string, version: number, value: V];

/** The shard of a key (FNV-1a of it): the same in every process. */
function shardOf(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

const shardId = (orgId: string, generation: string, shard: number) => `${orgId}:${generation}:${shard}`;
const missedFrom = (head: Pick<Head, 'startedAt'>) => new Date(head.startedAt.getTime() - MISSED_MS);

const headSchema = new Schema<Head>(
  { _id: String, generation: String, startedAt: Date, shards: Number, total: String },
  { versionKey: false },
);
interface ShardRow {
  _id: string;
  orgId: string;
  generation: string;
  startedAt: Date;
  shard: number;
  records: string;
}
const shardSchema = new Schema<ShardRow>(
  { _id: String, orgId: String, generation: String, startedAt: Date, shard: Number, records: String },
  { versionKey: false },
);
// Older snapshots' shards are removed by `{orgId, startedAt: {$lte}}`.
shardSchema.index({ orgId: 1, startedAt: 1 });

const modelOf = <D>(connection: Connection, collection: string, schema: Schema<D>): Model<D> =>
  (connection.models[collection] as Model<D> | undefined) ?? connection.model<D>(collection, schema, collection);

/**
 * A snapshot of a value derived from every record of an organization (a stock level's age rows, a
 * variant's grouping), for reads of them all that would otherwise read each record: the values in
 * shards by a hash of their keys, with their records' versions, and a sum of them if asked. A read
 * takes the newest snapshot and swaps in the records written since it started (less a minute), so
 * it is exact at any age; only its cost grows with the writes since. The first read of an
 * organization builds its snapshot; a `SnapshotRefresher` builds newer ones. The newest wins,
 * older shards are removed, and a read that finds its shards gone reads the newer one.
 */
export class RecordSnapshots<V, T = never> {
  private readonly heads: Model<Head>;
  private readonly shardRows: Model<ShardRow>;
  private readonly building = new Map<string, Promise<Head>>();
  /** The values of each organization's last snapshot read here, parsed (`values`). */
  private readonly parsed = new RecentMap<string, { generation: string; values: ReadonlyMap<string, V> }>(PARSED_KEPT);
  private readonly shards: number;

  constructor(
    connection: Connection,
    private readonly options: RecordSnapshotsOptions<V, T>,
  ) {
    this.heads = modelOf(connection, `${options.collection}_heads`, headSchema);
    this.shardRows = modelOf(connection, `${options.collection}_shards`, shardSchema);
    this.shards = options.shards ?? 64;
  }

  /** Every kept value now, by key (shared between reads: not to be changed). */
  async values(orgId: string): Promise<ReadonlyMap<string, V>> {
    return this.read(orgId, async (head) => {
      const [written, kept] = await Promise.all([this.writtenAfter(orgId, head), this.snapshotValues(orgId, head)]);
      if (!kept) return undefined;
      if (written.length === 0) return kept;
      const values = new Map(kept);
      for (const record of written)
        if (this.keeps(record.value)) values.set(record.key, record.value);
        else values.delete(record.key);
      return values;
    });
  }

  /**
   * The values of a snapshot, parsed once per process: a snapshot's shards never change, so the
   * next read of the same snapshot reads no shard (100,000 variants' groupings were 12 % of a
   * report's CPU, parsed again on every read). Undefined when its shards are gone.
   */
  private async snapshotValues(orgId: string, head: Head): Promise<ReadonlyMap<string, V> | undefined> {
    const parsed = this.parsed.get(orgId);
    if (parsed?.generation === head.generation) return parsed.values;
    const ids = Array.from({ length: head.shards }, (_, s) => shardId(orgId, head.generation, s));
    const shards = await this.shardsOf(ids);
    if (!shards) return undefined;
    const values = new Map(shards.map(([key, , value]) => [key, value]));
    this.parsed.set(orgId, { generation: head.generation, values });
    return values;
  }

  /** The sum of every value now: the snapshot's, with the records written since swapped in. */
  async total(orgId: string): Promise<T> {
    const sum = this.options.total;
    if (!sum) throw new Error(`${this.options.collection}: no total is kept`);
    return this.read(orgId, async (head) => {
      const total = sum.unpack(head.total!);
      const written = await this.writtenAfter(orgId, head);
      if (written.length === 0) return total;
      const wanted = [...new Set(written.map((r) => shardOf(r.key, head.shards)))];
      const shards = await this.shardsOf(wanted.map((s) => shardId(orgId, head.generation, s)));
      if (!shards) return undefined;
      const before = new Map(shards.map((kept) => [kept[0], kept]));
      for (const record of written) {
        const old = before.get(record.key);
        if (old && old[1] >= record.version) continue;
        if (old) sum.add(total, old[2], -1);
        if (this.keeps(record.value)) sum.add(total, record.value, 1);
      }
      return total;
    });
  }

  /** How many records were written since the organization's snapshot (null: it has none). */
  async writtenSince(orgId: string): Promise<number | null> {
    const head = await this.heads.findById(orgId, { startedAt: 1 }).lean();
    return head ? this.options.source.countWrittenSince(orgId, missedFrom(head)) : null;
  }

  /** The organizations with a snapshot (those that read one). */
  async *organizations(): AsyncIterable<string> {
    for await (const head of this.heads.find({}, { _id: 1 }).lean().cursor()) yield head._id;
  }

  /** A new snapshot of the organization's records; one build at a time in a process. */
  async build(orgId: string): Promise<void> {
    await this.built(orgId);
  }

  private keeps(value: V): boolean {
    return this.options.keeps ? this.options.keeps(value) : true;
  }

  /** A read of the newest snapshot (built first if there is none), again when its shards went meanwhile. */
  private async read<R>(orgId: string, from: (head: Head) => Promise<R | undefined>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      const head = (await this.heads.findById(orgId).lean()) ?? (await this.built(orgId));
      const answer = await from(head);
      if (answer !== undefined) return answer;
      if (attempt === 3)
        throw new Error(`${this.options.collection}: ${orgId}'s snapshot replaced three times in a read`);
    }
  }

  private writtenAfter(orgId: string, head: Head): Promise<SnapshotRecord<V>[]> {
    return this.options.source.writtenSince(orgId, missedFrom(head));
  }

  /** The records of these shards; undefined when any is gone (a newer snapshot replaced theirs). */
  private async shardsOf(ids: string[]): Promise<Kept<V>[] | undefined> {
    const rows = await this.shardRows.find({ _id: { $in: ids } }, { records: 1 }).lean();
    if (rows.length !== ids.length) return undefined;
    return rows.flatMap((row) => JSON.parse(row.records) as Kept<V>[]);
  }

  private built(orgId: string): Promise<Head> {
    const running = this.building.get(orgId);
    if (running) return running;
    const build = this.write(orgId).finally(() => this.building.delete(orgId));
    this.building.set(orgId, build);
    return build;
  }

  private async write(orgId: string): Promise<Head> {
    const { source, total: sum } = this.options;
    const startedAt = new Date();
    const generation = `${startedAt.getTime().toString(36)}${randomBytes(3).toString('hex')}`;
    const shards = Array.from({ length: this.shards }, () => [] as Kept<V>[]);
    const total = sum?.empty();
    for await (const { key, version, value } of source.all(orgId)) {
      if (!this.keeps(value)) continue;
      shards[shardOf(key, this.shards)]!.push([key, version, value]);
      if (sum) sum.add(total!, value, 1);
    }
    await this.shardRows.insertMany(
      shards.map((kept, shard) => ({
        _id: shardId(orgId, generation, shard),
        orgId,
        generation,
        startedAt,
        shard,
        records: JSON.stringify(kept),
      })),
    );
    const head: Head = { _id: orgId, generation, startedAt, shards: this.shards };
    if (sum) head.total = sum.pack(total!);
    const newest = await this.install(head);
    // Every snapshot up to the newest but the newest (this one's shards too when a later one won).
    await this.shardRows.deleteMany({
      orgId,
      startedAt: { $lte: newest.startedAt },
      generation: { $ne: newest.generation },
    });
    return newest;
  }

  /** The head becomes this one unless a snapshot that started later is installed; answers the newest. */
  private async install(head: Head): Promise<Head> {
    const { _id, startedAt } = head;
    const replace = () => this.heads.updateOne({ _id, startedAt: { $lt: startedAt } }, { $set: head });
    if ((await replace()).matchedCount === 0) {
      try {
        await this.heads.create(head);
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        await replace(); // another build installed its head first: this one if it started later
      }
    }
    return (await this.heads.findById(_id).lean())!;
  }
}
