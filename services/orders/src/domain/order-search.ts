import { wordStarts } from '@stockyard/service-kit/search';
import { assemblyVariantsOf } from './derived';
import { isFinished, type Order } from './order';

/** The family of the exact terms of ASSEMBLY variants open orders have lines of. */
export const ASSEMBLY_TERMS = '#asm:';
/** Exact term of an open order with an ASSEMBLY line of the variant (never met by a search: `#`). */
export const assemblyTerm = (variantId: string) => `${ASSEMBLY_TERMS}${variantId}`;

/** Exact term of a live order with a line a SKU names but no variant is linked to (reresolve-lines). */
export const UNLINKED_TERM = '#unlinked';

/**
 * An order's terms in its search index: the word starts of the channel's order id, the
 * customer's name and e-mail, each line's SKU; and, while it is open, one exact term per
 * ASSEMBLY variant it wants (an availability change of that variant finds the orders to check).
 */
export function searchTermsOf(order: Order): string[] {
  const texts = [order.channelOrderId, order.customer.name ?? '', order.customer.email ?? ''];
  const terms = new Set([...texts, ...order.lines.map((l) => l.sku ?? '')].flatMap((t) => wordStarts(t)));
  if (!isFinished(order) && !order.deletedAt) for (const v of assemblyVariantsOf(order)) terms.add(assemblyTerm(v));
  if (!order.deletedAt && order.lines.some((l) => !l.variantId && l.sku)) terms.add(UNLINKED_TERM);
  return [...terms];
}

/** The local event that carries an order's new terms to its index (never published). */
export const SEARCH_TERMS_CHANGED = 'order.search_terms_changed';
