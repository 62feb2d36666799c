import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent, wordStarts } from '@stockyard/service-kit';
import { z } from 'zod';
import type { ProductState } from './product';
import { liveVariants } from './product-derived';

/**
 * The catalog's own event that keeps the product search index (`product_search_terms`): the
 * relay applies it in this process (never on the broker), from the product's outbox, so a
 * crash replays it. `version` is the product's version the terms are of.
 */
export const SEARCH_TERMS_CHANGED = 'product.search_terms_changed' as const;

/** The payload of an update of one of the product term indexes (search terms, component uses). */
export const TermsChangedSchema = z.object({
  orgId: z.string(),
  productId: z.string(),
  version: z.number().int().positive(),
  terms: z.array(z.string()),
});

/**
 * What `search` finds a product by, lower case: its own and its live variants' SKUs and
 * barcodes (UPC, GTIN, variant barcodes) whole, and each word start of its name and of its
 * variants' names (`wordStarts`). A trashed product has none.
 */
export function searchTermsOf(p: ProductState): string[] {
  if (p.deletedAt !== null) return [];
  const terms = new Set<string>();
  for (const key of [...p.skuKeys, ...p.barcodeKeys]) terms.add(key.toLowerCase());
  for (const word of wordStarts(p.name)) terms.add(word);
  for (const v of liveVariants(p)) if (v.name) for (const word of wordStarts(v.name)) terms.add(word);
  return [...terms].sort();
}

/**
 * The update of a term index a change needs (`name`, the terms of `termsOf`, sorted): none when
 * its terms stay the same. `version` is the one the write makes.
 */
export function termsEvents(
  name: string,
  termsOf: (p: ProductState) => string[],
  before: ProductState | null,
  after: ProductState,
  version: number,
): EventEnvelope[] {
  const terms = termsOf(after);
  const previous = before ? termsOf(before) : [];
  if (!before && terms.length === 0) return [];
  if (before && terms.length === previous.length && terms.every((t, i) => t === previous[i])) return [];
  return [newEvent(name, { orgId: after.orgId, productId: after.id, version, terms })];
}

/** The search index update a change needs. */
export const searchTermsEvents = (before: ProductState | null, after: ProductState, version: number) =>
  termsEvents(SEARCH_TERMS_CHANGED, searchTermsOf, before, after, version);
