import type { ProductState, VariantState } from './product';
import { liveVariants } from './product-derived';
import { byPosition, syncFromDefault } from './variant';

/**
 * The variant POST /products made with the product (the first of its document: variants are only
 * ever appended), while it is still the product's live default and nobody made it a variant of its
 * own: no name, options or barcodes, no supplier offer linked. Shopify's "Default Title" variant.
 * A variant added later that became the default (an heir) is never this one.
 */
export function untouchedDefault(p: ProductState): VariantState | undefined {
  const first = p.variants[0];
  if (!first || p.deletedAt || p.type === 'FAMILY') return undefined;
  const own = first.name !== null || Object.keys(first.options ?? {}).length > 0 || first.barcodes.length > 0;
  return first.deletedAt === null && first.isDefault && !own && !first.sourceLinked ? first : undefined;
}

/** The untouched default when it is the product's only live variant: the first added variant replaces it. */
export const soleUntouchedDefault = (p: ProductState): VariantState | undefined =>
  liveVariants(p).length === 1 ? untouchedDefault(p) : undefined;

/** The untouched default left beside variants added before the rule (the migration's candidates). */
export const untouchedDefaultBesideVariants = (p: ProductState): VariantState | undefined =>
  liveVariants(p).length > 1 ? untouchedDefault(p) : undefined;

/**
 * The product without its untouched default `variantId` (soft-deleted, as DELETE /variants does),
 * the lowest-positioned other live variant becoming the default (the product's SKU, price, cost
 * and weight follow it); with none left the variant being added becomes it. Unchanged when
 * `variantId` is no longer the untouched default: its use was checked for that variant only.
 */
export function retireDefault(p: ProductState, variantId: string, now: Date): ProductState {
  if (untouchedDefault(p)?.id !== variantId) return p;
  const heir = liveVariants(p)
    .filter((v) => v.id !== variantId)
    .sort(byPosition)[0];
  const variants = p.variants.map((v) => {
    if (v.id === variantId) return { ...v, deletedAt: now, isDefault: false, updatedAt: now };
    if (v.id === heir?.id) return { ...v, isDefault: true, updatedAt: now };
    return v;
  });
  return syncFromDefault({ ...p, variants });
}

/** The sweep's retirement: only while the default still sits beside another live variant (never the last one). */
export const retireDefaultBesideVariants = (p: ProductState, variantId: string, now: Date): ProductState =>
  untouchedDefaultBesideVariants(p)?.id === variantId ? retireDefault(p, variantId, now) : p;
