import { wordStarts } from '@stockyard/service-kit/search';
import { onOrderTermsOf } from './on-order';
import type { PurchaseOrder } from './purchase-order';

/**
 * Exact terms of what an order carries, for the list's filters on its attachments array (a
 * condition on an array field is a point of the term index, never a read of every order). They
 * start with `#`, which a search text never does (`searchKey` drops leading separators), so
 * the prefix search cannot meet them.
 */
export const HAS_ATTACHMENT = '#attachment';
export const attachmentKindTerm = (kind: string) => `#attachment:${kind}`;

/**
 * An order's terms in its search index: the word starts of its number, its supplier's name and
 * each line's SKUs (ours and the supplier's), its attachment terms and its on-order terms (domain/on-order.ts).
 */
export function searchTermsOf(po: PurchaseOrder): string[] {
  const texts = [po.orderNumber, po.supplierName, ...po.lines.flatMap((l) => [l.sku ?? '', l.supplierSku ?? ''])];
  const terms = new Set(texts.flatMap((t) => wordStarts(t)));
  if (po.attachments.length > 0) terms.add(HAS_ATTACHMENT);
  for (const a of po.attachments) terms.add(attachmentKindTerm(a.kind));
  // Orders from requirements: what is on order, and the drafts requirements are appended to.
  for (const t of onOrderTermsOf(po)) terms.add(t);
  return [...terms];
}

/** The local event that carries an order's new terms to its index (never published). */
export const SEARCH_TERMS_CHANGED = 'purchase_order.search_terms_changed';
