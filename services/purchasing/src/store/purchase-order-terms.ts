import { TermIndex } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import type { PurchaseOrder } from '../domain/purchase-order';
import { SEARCH_TERMS_CHANGED, searchTermsOf } from '../domain/purchase-order-search';

/** Candidates past this many: the list reads the orders themselves with the exact condition. */
export const MAX_CANDIDATES = 1_000;

/**
 * The orders' term index (`purchase_order_terms`), a projection of the order store: the search
 * words, the attachment terms and the on-order terms (domain/purchase-order-search.ts).
 */
export const purchaseOrderTerms = (connection: Connection) =>
  new TermIndex<PurchaseOrder>(connection, {
    collection: 'purchase_order_terms',
    event: SEARCH_TERMS_CHANGED,
    refField: 'purchaseOrderId',
    termsOf: searchTermsOf,
    maxCandidates: MAX_CANDIDATES,
  });
export type PurchaseOrderTerms = ReturnType<typeof purchaseOrderTerms>;
