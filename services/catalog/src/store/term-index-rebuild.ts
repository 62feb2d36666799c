import { stateOf } from '@stockyard/service-kit';
import type { Logger } from '@stockyard/service-kit';
import type { Connection, Model } from 'mongoose';
import type { ProductState } from '../domain/product';
import type { ProductModel } from './product.model';

const WITHOUT_OUTBOX = { outbox: 0, outboxPending: 0, outboxAt: 0 };

/**
 * What the rebuild fills for an older database: a collection (recorded by name), and how to
 * fill a product's rows from the product itself (the kit's `TermIndex.reindex`, the variant list's).
 */
export interface Rebuildable {
  readonly model: Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any projection's rows
  reindex(p: ProductState): Promise<void>;
}

/**
 * Fills the product term indexes (search, component uses), and the variant list, for the
 * products a database held before an index existed: once per database and index, in the background after start, and
 * recorded in `term_index_builds` only when it finished, so a process stopped halfway starts
 * over next time. Writes meanwhile keep their own rows (each `replace` is version-guarded, so
 * the rebuild never undoes a newer write), and the rebuild is idempotent.
 */
export class TermIndexRebuild {
  private running?: Promise<void>;
  private stopping = false;

  constructor(
    private readonly connection: Connection,
    private readonly products: ProductModel,
    private readonly indexes: readonly Rebuildable[],
    private readonly logger: Logger,
    /** Where finished builds are recorded, by collection name (the variant list has its own). */
    private readonly records = 'term_index_builds',
  ) {}

  start(): void {
    this.running = this.run().catch((err: unknown) => this.logger.error({ err }, 'term index rebuild failed'));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** Resolves when the rebuild this process started has ended (tests). */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async run(): Promise<void> {
    const builds = this.connection.collection<{ _id: string; builtAt: Date }>(this.records);
    const done = new Set((await builds.find({}).toArray()).map((b) => b._id));
    const pending = this.indexes.filter((i) => !done.has(i.model.collection.collectionName));
    if (pending.length === 0) return;
    let count = 0;
    for await (const doc of this.products.find({}, WITHOUT_OUTBOX).lean().cursor({ batchSize: 500 })) {
      if (this.stopping) return;
      const product = stateOf<ProductState>(doc);
      for (const index of pending) await index.reindex(product);
      count++;
    }
    for (const index of pending) {
      const name = index.model.collection.collectionName;
      await builds.updateOne({ _id: name }, { $set: { builtAt: new Date() } }, { upsert: true });
    }
    if (count > 0) this.logger.info({ products: count }, 'term indexes rebuilt for existing products');
  }
}
