import type { CostPool } from '../domain/cost-layer';
import { stockLevelCodec } from './stock-level.codec';
import type { StockLevelModel } from './stock-level.model';

/** A level's cost pools as of its version. */
export interface LevelPools {
  variantId: string;
  version: number;
  pools: CostPool[];
}

const FIELDS = { variantId: 1, version: 1, costPools: 1 } as const;

const levelPoolsOf = (doc: Record<string, unknown>): LevelPools => {
  const level = stockLevelCodec.decode(doc);
  return { variantId: level.variantId, version: level.version ?? 0, pools: level.costPools ?? [] };
};

/**
 * The levels' cost pools as the aging snapshots read them (store/aging-snapshots.ts): all of an
 * organization's, streamed, for a snapshot; those written since a moment, by the `(orgId,
 * updatedAt)` index, for a report on it.
 */
export class LevelPoolReads {
  constructor(private readonly model: StockLevelModel) {}

  async *all(orgId: string): AsyncGenerator<LevelPools> {
    const docs = this.model.find({ orgId }, FIELDS).lean<Record<string, unknown>[]>().cursor({ batchSize: 1_000 });
    for await (const doc of docs) yield levelPoolsOf(doc);
  }

  async writtenSince(orgId: string, since: Date): Promise<LevelPools[]> {
    const docs = await this.model.find({ orgId, updatedAt: { $gte: since } }, FIELDS).lean();
    return docs.map((doc) => levelPoolsOf(doc as Record<string, unknown>));
  }

  countWrittenSince(orgId: string, since: Date): Promise<number> {
    return this.model.countDocuments({ orgId, updatedAt: { $gte: since } });
  }
}
