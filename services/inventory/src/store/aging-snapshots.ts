import { randomBytes } from 'node:crypto';
import { isDuplicateKeyError } from '@stockyard/service-kit';
import { ageRowsOf, AgeSums, type AgeRow } from '../domain/inventory-aging';
import type { AgingSnapshotModels } from './aging-snapshot.model';
import type { LevelPoolReads, LevelPools } from './level-pools';

/** Shards of a snapshot's levels: a report reads only those of the levels written since it. */
const SHARDS = 64;
/**
 * How long before a snapshot's start a level's write may still be missing from it: the write's
 * time is taken before it commits (a lock's wait, a retry), and replicas' clocks differ a little.
 * Such writes are read again by every report on the snapshot; a write already in it is skipped by
 * its version.
 */
const MISSED_MS = 60_000;

/** A snapshot's level: its variant, version and age rows. */
type LevelAges = [variantId: string, version: number, rows: AgeRow[]];

interface Head {
  _id: string;
  generation: string;
  startedAt: Date;
  shards: number;
  totals: string;
}

/** The shard of a variant (FNV-1a of its id): the same in every process, whatever the version. */
function shardOf(variantId: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < variantId.length; i++) hash = Math.imul(hash ^ variantId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

const shardId = (orgId: string, generation: string, shard: number) => `${orgId}:${generation}:${shard}`;

/**
 * The stock on hand now by warehouse and day of receipt, the aging report's input, without reading
 * every level per report (issue #42): a snapshot of every level's age rows (`stock_aging_heads`
 * with the totals, `stock_aging_shards` with each level's rows and version), plus the levels written
 * since it started, each swapped in for its rows in the snapshot. The first report of an
 * organization builds its snapshot; `AgingRefresher` builds a newer one when many levels were
 * written since. Exact whatever the age of the snapshot: it only costs more reads.
 */
export class AgingSnapshots {
  private readonly building = new Map<string, Promise<Head>>();

  constructor(
    private readonly models: AgingSnapshotModels,
    private readonly levels: LevelPoolReads,
  ) {}

  /** The organization's stock on hand now as age rows, summed by warehouse and day of receipt. */
  async ages(orgId: string): Promise<AgeRow[]> {
    for (let attempt = 1; ; attempt++) {
      const head = (await this.models.heads.findById(orgId).lean<Head>()) ?? (await this.build(orgId));
      const rows = await this.since(orgId, head);
      if (rows) return rows;
      // A newer snapshot replaced this one while it was read (its shards are gone): read that one.
      if (attempt === 3) throw new Error(`aging snapshot of ${orgId} replaced three times while read`);
    }
  }

  /** How many levels were written since the organization's snapshot (null: it has none). */
  async writtenSince(orgId: string): Promise<number | null> {
    const head = await this.models.heads.findById(orgId, { startedAt: 1 }).lean<Pick<Head, 'startedAt'>>();
    return head ? this.levels.countWrittenSince(orgId, missedFrom(head)) : null;
  }

  /** Organizations with a snapshot (those that read an aging report). */
  organizations(): AsyncIterable<{ _id: string }> {
    return this.models.heads.find({}, { _id: 1 }).lean<{ _id: string }[]>().cursor();
  }

  /** A new snapshot of the organization's levels; one build at a time in a process. */
  build(orgId: string): Promise<Head> {
    const running = this.building.get(orgId);
    if (running) return running;
    const build = this.write(orgId).finally(() => this.building.delete(orgId));
    this.building.set(orgId, build);
    return build;
  }

  /** The snapshot's totals with the levels written since swapped in; undefined when its shards are gone. */
  private async since(orgId: string, head: Head): Promise<AgeRow[] | undefined> {
    const sums = new AgeSums(JSON.parse(head.totals) as AgeRow[]);
    const written = await this.levels.writtenSince(orgId, missedFrom(head));
    if (written.length === 0) return sums.rows();
    const wanted = [...new Set(written.map((l) => shardOf(l.variantId, head.shards)))];
    const shards = await this.models.shards
      .find({ _id: { $in: wanted.map((s) => shardId(orgId, head.generation, s)) } }, { levels: 1 })
      .lean<{ levels: string }[]>();
    if (shards.length !== wanted.length) return undefined;
    const before = new Map(shards.flatMap((s) => JSON.parse(s.levels) as LevelAges[]).map((l) => [l[0], l]));
    for (const level of written) {
      const old = before.get(level.variantId);
      if (old && old[1] >= level.version) continue;
      if (old) sums.add(old[2], -1);
      sums.add(ageRowsOf(level.pools));
    }
    return sums.rows();
  }

  private async write(orgId: string): Promise<Head> {
    const startedAt = new Date();
    const generation = `${startedAt.getTime().toString(36)}${randomBytes(3).toString('hex')}`;
    const shards = Array.from({ length: SHARDS }, () => [] as LevelAges[]);
    const totals = new AgeSums();
    for await (const level of this.levels.all(orgId)) add(level, shards, totals);
    await this.models.shards.insertMany(
      shards.map((levels, shard) => ({
        _id: shardId(orgId, generation, shard),
        orgId,
        generation,
        startedAt,
        shard,
        levels: JSON.stringify(levels),
      })),
    );
    const head: Head = { _id: orgId, generation, startedAt, shards: SHARDS, totals: JSON.stringify(totals.rows()) };
    const newest = await this.install(head);
    // Every snapshot up to the newest but the newest (this one's shards too when a later one won).
    await this.models.shards.deleteMany({
      orgId,
      startedAt: { $lte: newest.startedAt },
      generation: { $ne: newest.generation },
    });
    return newest;
  }

  /** The head becomes this one unless a snapshot that started later is installed; answers the newest. */
  private async install(head: Head): Promise<Head> {
    const { _id, startedAt } = head;
    const replace = () => this.models.heads.updateOne({ _id, startedAt: { $lt: startedAt } }, { $set: head });
    if ((await replace()).matchedCount === 0) {
      try {
        await this.models.heads.create(head);
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        await replace(); // another build installed its head first: this one if it started later
      }
    }
    return (await this.models.heads.findById(_id).lean<Head>())!;
  }
}

const missedFrom = (head: Pick<Head, 'startedAt'>) => new Date(head.startedAt.getTime() - MISSED_MS);

function add(level: LevelPools, shards: LevelAges[][], totals: AgeSums): void {
  const rows = ageRowsOf(level.pools);
  if (rows.length === 0) return;
  shards[shardOf(level.variantId, shards.length)]!.push([level.variantId, level.version, rows]);
  totals.add(rows);
}
