import { RecordSnapshots, type SnapshotRecord, type SnapshotSource } from '@stockyard/service-kit/store';
import type { Connection } from 'mongoose';
import type { VariantGrouping } from '../domain/stock-valuation';
import type { VariantState } from '../domain/variant';
import type { VariantModel } from './variant.model';

/** What the stock reports group a variant by. */
type Grouping = Pick<VariantGrouping, 'productId' | 'categoryIds'>;

const FIELDS = { variantId: 1, version: 1, productId: 1, categoryIds: 1 } as const;

const recordOf = (d: Pick<VariantState, 'variantId' | 'version' | 'productId' | 'categoryIds'>) => ({
  key: d.variantId,
  version: d.version ?? 0,
  value: { productId: d.productId ?? null, categoryIds: d.categoryIds ?? null },
});

/** The read model's variants as the groupings snapshot reads them: all, or those written since a moment. */
class VariantGroupingRows implements SnapshotSource<Grouping> {
  constructor(private readonly model: VariantModel) {}

  async *all(orgId: string): AsyncGenerator<SnapshotRecord<Grouping>> {
    for await (const doc of this.model.find({ orgId }, FIELDS).lean<VariantState[]>().cursor({ batchSize: 1_000 }))
      yield recordOf(doc);
  }

  async writtenSince(orgId: string, since: Date): Promise<SnapshotRecord<Grouping>[]> {
    const docs = await this.model.find({ orgId, updatedAt: { $gte: since } }, FIELDS).lean<VariantState[]>();
    return docs.map(recordOf);
  }

  countWrittenSince(orgId: string, since: Date): Promise<number> {
    return this.model.countDocuments({ orgId, updatedAt: { $gte: since } });
  }
}

/**
 * Every variant's product and categories for the reports that group by them (valuation by product or
 * category, COGS by product), without reading each variant's copy per report (issue #42): the kit's
 * record snapshots of the read model (`variant_groupings_heads`, `variant_groupings_shards`) with
 * the copies written since swapped in.
 */
export const variantGroupings = (connection: Connection, model: VariantModel) =>
  new RecordSnapshots<Grouping>(connection, {
    collection: 'variant_groupings',
    source: new VariantGroupingRows(model),
  });
export type VariantGroupings = ReturnType<typeof variantGroupings>;
