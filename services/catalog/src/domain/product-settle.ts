import type { EventEnvelope, Template } from '@stockyard/contracts';
import type { ProductState } from './product';
import { liveVariants, skuKey, withDerived } from './product-derived';
import { bundleEvents, changedFieldNames, productUpdated, variantEvents } from './product-events';
import { isEnriched } from './product-template';
import { duplicateSkuInProduct } from './product.errors';

/** Two live variants of one product never share a SKU (the default variant shares the product's). */
function assertUniqueSkus(p: ProductState): void {
  const seen = new Set<string>();
  for (const v of liveVariants(p)) {
    if (!v.sku) continue;
    const key = skuKey(v.sku);
    if (seen.has(key)) throw duplicateSkuInProduct(v.sku);
    seen.add(key);
  }
}

/** A decided product made whole: SKUs checked, `enriched` from its category's template, derived fields. */
export function settle(next: ProductState, template: Template | null): ProductState {
  assertUniqueSkus(next);
  const enriched = isEnriched(next, template);
  return withDerived(enriched === next.enriched ? next : { ...next, enriched });
}

/**
 * The events of a change: `product.updated` naming the changed fields (a manual edit only:
 * `publish` false for import-driven changes), and the variant and bundle events, which every
 * change sends. The updates of the search and component-use indexes and of the variant list
 * are the product store's projections: it adds them to every write.
 */
export function changeEvents(before: ProductState, after: ProductState, publish: boolean): EventEnvelope[] {
  const changes = changedFieldNames(before, after);
  const product = publish && changes.length > 0 ? [productUpdated(after, changes)] : [];
  return [...product, ...variantEvents(before, after), ...bundleEvents(before, after)];
}
