import type { CreateProduct } from '@stockyard/contracts';
import type { ProductState } from './product';
import { withComponents } from './product-components';
import { withDerived } from './product-derived';
import { componentsNotAllowed } from './product.errors';
import { newVariant } from './variant';

interface NewProductIds {
  productId: string;
  /** The default variant's id (none for a FAMILY). */
  variantId: string;
}

/**
 * A new product from the create body, its SKU already resolved (given, generated, or null).
 * SIMPLE, BUNDLE and ASSEMBLY get their default variant (same SKU, price, cost, weight);
 * a FAMILY holds no variant. `components` are the bundle rows or the first active BOM.
 */
export function newProduct(
  orgId: string,
  input: CreateProduct,
  sku: string | null,
  ids: NewProductIds,
  now: Date,
): ProductState {
  const type = input.type;
  if (input.components?.length && type !== 'BUNDLE' && type !== 'ASSEMBLY') throw componentsNotAllowed(type);
  const price = input.price ?? null;
  const cost = input.cost ?? null;
  const weight = input.weight ?? null;
  const base: ProductState = {
    id: ids.productId,
    orgId,
    version: 0,
    type,
    name: input.name,
    description: input.description ?? null,
    brandId: input.brandId ?? null,
    categoryId: input.categoryId ?? null,
    sku,
    upc: input.upc ?? null,
    gtin: input.gtin ?? null,
    mpn: input.mpn ?? null,
    price,
    cost,
    weight,
    dimensions: input.dimensions ?? null,
    images: (input.images ?? []).map((img, i) => ({ url: img.url, position: img.position ?? i })),
    customFields: input.customFields ?? {},
    archived: false,
    matched: false,
    enriched: false,
    deletedAt: null,
    variants:
      type === 'FAMILY'
        ? []
        : [newVariant(ids.variantId, { sku, price, cost, weight, isDefault: true, position: 0 }, now)],
    components: [],
    boms: [],
    parentId: null,
    position: null,
    margin: null,
    skuKeys: [],
    barcodeKeys: [],
    variantIds: [],
    componentVariantIds: [],
  };
  const rows = input.components ?? [];
  return withDerived(rows.length ? withComponents(base, rows, now) : base);
}
