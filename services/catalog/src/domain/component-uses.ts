import type { ProductState } from './product';

/**
 * The catalog's own event that keeps the component-use index (`product_component_uses`),
 * applied in this process like `product.search_terms_changed`: `{productId, version, terms}`,
 * the terms being the variant ids the product's rows use.
 */
export const COMPONENT_USES_CHANGED = 'product.component_uses_changed' as const;

/**
 * The variants a product uses as components, as where-used and the "is a component of" checks
 * count them: exactly its `componentVariantIds` (a live bundle's rows, an assembly's active
 * BOM), sorted; none once trashed.
 */
export const componentUsesOf = (p: ProductState): string[] =>
  p.deletedAt !== null ? [] : [...p.componentVariantIds].sort();
