import type { EventEnvelope } from '@stockyard/contracts';
import { RecentWork, SearchIndex } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import type { ProductState } from '../domain/product';
import { TermsChangedSchema } from '../domain/product-search';

/** Index updates this process applied lately, by event id, for the relay's copy to skip. */
const RECENT_UPDATES = 20_000;

/**
 * One of the products' term indexes (the kit's `SearchIndex`), kept from each product's outbox
 * by one local event (`{productId, version, terms}`): applied before the write answers, and
 * again by the relay's local handler, which skips what this process just applied.
 */
export class ProductTermIndex {
  protected readonly index: SearchIndex;
  private readonly recent = new RecentWork(RECENT_UPDATES);

  constructor(
    connection: Connection,
    collection: string,
    /** The event that updates it. */
    readonly event: string,
    /** A product's terms in this index (what the event carries). */
    readonly termsOf: (p: ProductState) => string[],
  ) {
    this.index = new SearchIndex(connection, collection);
  }

  get model() {
    return this.index.model;
  }

  /**
   * A write's updates of this index, applied before the request answers, so a read through the
   * index sees the product as soon as it is written; the relay applies them again from the
   * outbox (a no-op then), which is what a crash in between relies on.
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

  /** Sets a stored product's rows from the product itself (the rebuild of a database older than the index). */
  async reindex(p: ProductState): Promise<void> {
    await this.index.replace(p.orgId, p.id, p.version, this.termsOf(p));
  }

  private async apply(event: EventEnvelope): Promise<void> {
    const { orgId, productId, version, terms } = TermsChangedSchema.parse({ ...event.payload, orgId: event.orgId });
    await this.index.replace(orgId, productId, version, terms);
  }
}
