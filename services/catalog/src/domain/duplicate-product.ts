import type { ProductState, VariantState } from './product';
import { liveVariants, withDerived } from './product-derived';
import { duplicateOfFamily } from './product.errors';
import { assertWritable } from './variant';

export interface DuplicateInput {
  sku?: string;
  name?: string;
}

/**
 * The spec's copy of a SIMPLE, BUNDLE or ASSEMBLY product: descriptive fields, brand,
 * category, custom fields, images, price, cost, weight, dimensions, variants (options,
 * prices), bundle rows and the active BOM. Not copied: UPC, GTIN, MPN and barcodes, stock,
 * listings and source links, enrichment (recomputed from the copy), archive state, family
 * membership. The copy's SKU is the body's or blank; its other variants' SKUs are blank.
 */
export function duplicateProduct(
  source: ProductState,
  input: DuplicateInput,
  ids: { productId: string; variantId: () => string },
  now: Date,
): ProductState {
  if (source.type === 'FAMILY') throw duplicateOfFamily();
  assertWritable(source);
  const sku = input.sku ?? null;
  const variants: VariantState[] = liveVariants(source).map((v) => ({
    ...v,
    id: ids.variantId(),
    sku: v.isDefault ? sku : null,
    barcodes: [],
    sourceLinked: false,
    createdAt: now,
    updatedAt: now,
  }));
  const active = source.boms.find((b) => b.active);
  return withDerived({
    ...source,
    id: ids.productId,
    version: 0,
    name: input.name ?? `${source.name} (copy)`,
    sku,
    upc: null,
    gtin: null,
    mpn: null,
    archived: false,
    enriched: false,
    deletedAt: null,
    parentId: null,
    position: null,
    variants,
    boms: active ? [{ version: 1, active: true, rows: active.rows, createdAt: now }] : [],
    createdAt: undefined,
    updatedAt: undefined,
  });
}
