import { TermIndex } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import type { Order } from '../domain/order';
import { SEARCH_TERMS_CHANGED, searchTermsOf } from '../domain/order-search';

/**
 * The orders' term index (`order_terms`), a projection of the order store: the searches' word
 * starts, and the exact terms of open assemblies and unlinked lines (domain/order-search.ts).
 */
export const orderTerms = (connection: Connection) =>
  new TermIndex<Order>(connection, {
    collection: 'order_terms',
    event: SEARCH_TERMS_CHANGED,
    refField: 'orderId',
    termsOf: searchTermsOf,
  });
export type OrderTerms = ReturnType<typeof orderTerms>;
