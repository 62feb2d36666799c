import type { Connection } from 'mongoose';

/** A product's untouched default variant waiting to be retired. */
export interface DefaultCandidate {
  orgId: string;
  productId: string;
  variantId: string;
}

interface ReviewDoc extends DefaultCandidate {
  _id: string;
  at: Date;
}

/**
 * Defaults whose use could not be checked when their product got its first variant (a peer
 * did not answer), kept until the sweep decides them (`default_variant_reviews`, one per
 * product), and the record of finished one-off migrations (`catalog_migrations`).
 */
export class DefaultVariantReviews {
  constructor(private readonly connection: Connection) {}

  private get reviews() {
    return this.connection.collection<ReviewDoc>('default_variant_reviews');
  }

  private get migrations() {
    return this.connection.collection<{ _id: string; finishedAt: Date; counts: Record<string, number> }>(
      'catalog_migrations',
    );
  }

  async add(candidates: DefaultCandidate[]): Promise<void> {
    if (candidates.length === 0) return;
    await this.reviews.bulkWrite(
      candidates.map(({ orgId, productId, variantId }) => ({
        updateOne: {
          filter: { _id: `${orgId}:${productId}` },
          update: { $set: { orgId, productId, variantId }, $setOnInsert: { at: new Date() } },
          upsert: true,
        },
      })),
    );
  }

  /** The oldest `limit` reviews, by product key. */
  async due(limit: number): Promise<DefaultCandidate[]> {
    const docs = await this.reviews.find({}).sort({ _id: 1 }).limit(limit).toArray();
    return docs.map(({ orgId, productId, variantId }) => ({ orgId, productId, variantId }));
  }

  /** Reviews decided (retired, in use, or no longer an untouched default). */
  async done(candidates: DefaultCandidate[]): Promise<void> {
    if (candidates.length === 0) return;
    await this.reviews.deleteMany({ _id: { $in: candidates.map((c) => `${c.orgId}:${c.productId}`) } });
  }

  async migrated(name: string): Promise<boolean> {
    return (await this.migrations.countDocuments({ _id: name }, { limit: 1 })) > 0;
  }

  async recordMigrated(name: string, counts: Record<string, number>): Promise<void> {
    await this.migrations.updateOne({ _id: name }, { $set: { finishedAt: new Date(), counts } }, { upsert: true });
  }
}
