import type { ProductState } from './product';

/**
 * The product with one variant's `sourceLinked` set: whether any source SKU is linked to it
 * (the products side's `matched` is every live variant linked). Unchanged when already so.
 */
export function withSourceLinked(p: ProductState, variantId: string, linked: boolean): ProductState {
  const variant = p.variants.find((v) => v.id === variantId);
  if (!variant || variant.sourceLinked === linked) return p;
  return { ...p, variants: p.variants.map((v) => (v.id === variantId ? { ...v, sourceLinked: linked } : v)) };
}
