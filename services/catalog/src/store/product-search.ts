import type { EventEnvelope } from '@stockyard/contracts';
import { RecentWork, SearchIndex, searchKey } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import { SEARCH_TERMS_CHANGED, SearchTermsChangedSchema } from '../domain/product-search';

/** Index updates this process applied lately, by event id, for the relay's copy to skip. */
const RECENT_UPDATES = 20_000;

/** Candidates past this many: the search reads the products themselves (a very short, common prefix). */
const MAX_CANDIDATES = 1_000;

/**
 * The product search index (`product_search_terms`): the terms of `searchTermsOf`, kept from
 * each product's outbox by the relay, read by prefix to find the products a `search` may match.
 */
export class ProductSearch {
  private readonly index: SearchIndex;
  private readonly recent = new RecentWork(RECENT_UPDATES);

  constructor(connection: Connection) {
    this.index = new SearchIndex(connection, 'product_search_terms');
  }

  get model() {
    return this.index.model;
  }

  /**
   * A write's index updates, applied before the request answers, so a product is found by
   * search as soon as it is written; the relay applies them again from the outbox (a no-op
   * then), which is what a crash in between relies on.
   */
  async applyAll(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) {
      if (event.name !== SEARCH_TERMS_CHANGED) continue;
      await this.recent.run(event.id, () => this.apply(event));
    }
  }

  /** The relay's local handler of `product.search_terms_changed`: skips what the request path just applied. */
  async applyIfNew(event: EventEnvelope): Promise<void> {
    await this.recent.runIfNew(event.id, () => this.apply(event));
  }

  private async apply(event: EventEnvelope): Promise<void> {
    const { orgId, productId, version, terms } = SearchTermsChangedSchema.parse({
      ...event.payload,
      orgId: event.orgId,
    });
    await this.index.replace(orgId, productId, version, terms);
  }

  /**
   * Ids of the products a search may match (a superset: the list checks the exact condition),
   * or undefined when more than MAX_CANDIDATES do and the list must read the products.
   */
  async candidates(orgId: string, search: string): Promise<string[] | undefined> {
    const key = searchKey(search);
    if (key === '') return [];
    const hits = await this.index.refsStartingWith(orgId, key, MAX_CANDIDATES);
    return hits.complete ? hits.refs : undefined;
  }
}
