import type { ProductState, VariantState } from './product';
import { liveVariants } from './product-derived';

export const variantView = (p: Pick<ProductState, 'id'>, v: VariantState) => ({
  id: v.id,
  productId: p.id,
  sku: v.sku,
  name: v.name,
  options: v.options,
  price: v.price,
  cost: v.cost,
  weight: v.weight,
  barcodes: v.barcodes,
  position: v.position,
  isDefault: v.isDefault,
  createdAt: v.createdAt,
  updatedAt: v.updatedAt,
});
export type VariantView = ReturnType<typeof variantView>;

/** A child as its family shows it. */
const childView = (c: ProductState) => ({ id: c.id, name: c.name, sku: c.sku, position: c.position });

/**
 * A product on the wire: its fields, live variants, and by type its bundle rows (BUNDLE),
 * active BOM and the versions before it (ASSEMBLY), or children (FAMILY, when given).
 */
export function productView(p: ProductState, children?: ProductState[]) {
  const active = p.boms.find((b) => b.active) ?? null;
  return {
    id: p.id,
    type: p.type,
    name: p.name,
    description: p.description,
    brandId: p.brandId,
    categoryId: p.categoryId,
    sku: p.sku,
    upc: p.upc,
    gtin: p.gtin,
    mpn: p.mpn,
    price: p.price,
    cost: p.cost,
    margin: p.margin,
    weight: p.weight,
    dimensions: p.dimensions,
    images: [...p.images].sort((a, b) => a.position - b.position),
    customFields: p.customFields,
    archived: p.archived,
    matched: p.matched,
    enriched: p.enriched,
    parentId: p.parentId,
    position: p.position,
    variants: liveVariants(p)
      .sort((a, b) => a.position - b.position)
      .map((v) => variantView(p, v)),
    ...(p.type === 'BUNDLE' ? { components: p.components } : {}),
    ...(p.type === 'ASSEMBLY'
      ? {
          bom: active && { version: active.version, rows: active.rows, createdAt: active.createdAt },
          bomVersions: p.boms.filter((b) => !b.active).map((b) => ({ version: b.version, createdAt: b.createdAt })),
        }
      : {}),
    ...(p.type === 'FAMILY' && children ? { children: children.map(childView) } : {}),
    deletedAt: p.deletedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
export type ProductView = ReturnType<typeof productView>;
