import { wordStarts } from '@stockyard/service-kit/search';
import type { ProductState } from './product';
import { liveVariants } from './product-derived';

/**
 * The catalog's own event that keeps the product search index (`product_search_terms`, a
 * projection of the product store: store/product-terms.ts): `{productId, version, terms}`,
 * applied in this process (never on the broker), from the product's outbox, so a crash
 * replays it. `version` is the product's version the terms are of.
 */
export const SEARCH_TERMS_CHANGED = 'product.search_terms_changed' as const;

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
