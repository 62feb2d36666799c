import type { SnapshotRecord, SnapshotSource } from '@stockyard/service-kit/store';
import { ageRowsOf, type AgeRow } from '../domain/inventory-aging';
import { stockLevelCodec } from './stock-level.codec';
import type { StockLevelModel } from './stock-level.model';

const FIELDS = { variantId: 1, version: 1, costPools: 1 } as const;

const recordOf = (doc: Record<string, unknown>): SnapshotRecord<AgeRow[]> => {
  const level = stockLevelCodec.decode(doc);
  return { key: level.variantId, version: level.version ?? 0, value: ageRowsOf(level.costPools ?? []) };
};

/**
 * The levels' age rows (their cost pools by warehouse and day of receipt), as the aging snapshots
 * read them (store/aging-snapshots.ts): all of an organization's, streamed, for a snapshot; those
 * written since a moment, by the `(orgId, updatedAt)` index, for a report on one.
 */
export class LevelAgeRows implements SnapshotSource<AgeRow[]> {
  constructor(private readonly model: StockLevelModel) {}

  async *all(orgId: string): AsyncGenerator<SnapshotRecord<AgeRow[]>> {
    const docs = this.model.find({ orgId }, FIELDS).lean<Record<string, unknown>[]>().cursor({ batchSize: 1_000 });
    for await (const doc of docs) yield recordOf(doc);
  }

  async writtenSince(orgId: string, since: Date): Promise<SnapshotRecord<AgeRow[]>[]> {
    const docs = await this.model.find({ orgId, updatedAt: { $gte: since } }, FIELDS).lean();
    return docs.map((doc) => recordOf(doc as Record<string, unknown>));
  }

  countWrittenSince(orgId: string, since: Date): Promise<number> {
    return this.model.countDocuments({ orgId, updatedAt: { $gte: since } });
  }
}
