import type { EventEnvelope } from '@stockyard/contracts';
import { RecentWork, SearchIndex } from '@stockyard/service-kit';
import type { Connection, Model } from 'mongoose';
import type { ProductState } from '../domain/product';
import { TermsChangedSchema } from '../domain/product-search';

/** Index updates this process applied lately, by event id, for the relay's copy to skip. */
const RECENT_UPDATES = 20_000;

/**
 * A projection of the products kept from each product's outbox by one local event: applied
 * before the write answers, and again by the relay's local handler, which skips what this
 * process just applied; a database older than the projection is filled by `reindex` (the
 * rebuild). The term indexes (search, component uses) and the variant list are such.
 */
export abstract class ProductProjection {
  private readonly recent = new RecentWork(RECENT_UPDATES);

  constructor(
    /** The event that updates it. */
    readonly event: string,
  ) {}

  /** Its collection (the rebuild records it by name). */
  abstract get model(): Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  /**
   * A write's updates of this projection, applied before the request answers, so a read
   * through it sees the product as soon as it is written; the relay applies them again from
   * the outbox (a no-op then), which is what a crash in between relies on.
   */
  async applyAll(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) {
      if (event.name !== this.event) continue;
      await this.recent.run(event.id, () => this.apply(event));
    }
  }

  /** The relay's local handler of the event: skips what the request path just applied. */
  async applyIfNew(event: EventEnvelope): Promise<void> {
    await this.recent.runIfNew(event.id, () => this.apply(event));
  }

  /** Sets a stored product's rows from the product itself (the rebuild of a database older than the projection). */
  abstract reindex(p: ProductState): Promise<void>;

  protected abstract apply(event: EventEnvelope): Promise<void>;
}

/** What the rebuild fills for an older database: a collection (recorded by name), and how to fill a product's rows. */
export type Rebuildable = Pick<ProductProjection, 'model' | 'reindex'>;

/** What the product writer updates before a write answers (the name it knows them by). */
export type ProductTermIndex = ProductProjection;

/**
 * One of the products' term indexes (the kit's `SearchIndex`), kept by `{productId, version,
 * terms}` events.
 */
export class TermIndex extends ProductProjection {
  protected readonly index: SearchIndex;

  constructor(
    connection: Connection,
    collection: string,
    event: string,
    /** A product's terms in this index (what the event carries). */
    readonly termsOf: (p: ProductState) => string[],
  ) {
    super(event);
    this.index = new SearchIndex(connection, collection);
  }

  get model() {
    return this.index.model;
  }

  async reindex(p: ProductState): Promise<void> {
    await this.index.replace(p.orgId, p.id, p.version, this.termsOf(p));
  }

  protected async apply(event: EventEnvelope): Promise<void> {
    const { orgId, productId, version, terms } = TermsChangedSchema.parse({ ...event.payload, orgId: event.orgId });
    await this.index.replace(orgId, productId, version, terms);
  }
}
