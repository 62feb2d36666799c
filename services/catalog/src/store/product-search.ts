import type { Connection } from 'mongoose';
import { SEARCH_TERMS_CHANGED, searchTermsOf } from '../domain/product-search';
import { ProductTermIndex } from './product-term-index';

/**
 * The product search index (`product_search_terms`): the terms of `searchTermsOf`, kept from
 * `product.search_terms_changed`; `searchCandidates` reads the products a `search` may match by
 * prefix (undefined past 1,000: the search reads the products themselves).
 */
export class ProductSearch extends ProductTermIndex {
  constructor(connection: Connection) {
    super(connection, 'product_search_terms', SEARCH_TERMS_CHANGED, searchTermsOf);
  }
}
