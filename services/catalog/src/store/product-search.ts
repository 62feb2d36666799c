import { searchKey } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import { SEARCH_TERMS_CHANGED, searchTermsOf } from '../domain/product-search';
import { TermIndex } from './product-term-index';

/** Candidates past this many: the search reads the products themselves (a very short, common prefix). */
const MAX_CANDIDATES = 1_000;

/**
 * The product search index (`product_search_terms`): the terms of `searchTermsOf`, kept from
 * `product.search_terms_changed`, read by prefix to find the products a `search` may match.
 */
export class ProductSearch extends TermIndex {
  constructor(connection: Connection) {
    super(connection, 'product_search_terms', SEARCH_TERMS_CHANGED, searchTermsOf);
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
