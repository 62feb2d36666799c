import { wordStarts } from '@stockyard/service-kit/search';
import type { Invoice } from './invoice';

/** An invoice's terms in its search index: the word starts of its number, its order's number and its vendor's name. */
export const searchTermsOf = (inv: Invoice): string[] => [
  ...new Set([inv.invoiceNumber, inv.purchaseOrderNumber ?? '', inv.vendorName].flatMap((t) => wordStarts(t))),
];

/** The local events of a write (never published): the invoice's new search terms, its balance change. */
export const SEARCH_TERMS_CHANGED = 'invoice.search_terms_changed';
export const BALANCE_CHANGED = 'invoice.balance_changed';
