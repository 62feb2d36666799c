import type { ProductView } from './product-view';

/** Each variant's available quantity (on hand less holds), or undefined when inventory did not answer. */
export type Availability = ReadonlyMap<string, number> | undefined;

/** Can it be bought now: a price and stock available; null when the stock is unknown. */
function forSale(price: number | null, id: string, available: Availability): boolean | null {
  if (price === null) return false; // a checkout refuses a variant without a price (422 price_missing)
  if (!available) return null;
  return (available.get(id) ?? 0) > 0;
}

/** True when any variant is for sale; else null when any is unknown; else false. */
function anyForSale(variants: { availableForSale: boolean | null }[]): boolean | null {
  if (variants.some((v) => v.availableForSale === true)) return true;
  return variants.some((v) => v.availableForSale === null) ? null : false;
}

/**
 * A product as a storefront shows it (contracts storefront.ts): its public fields, live
 * variants with options, price and whether each can be bought now; nothing internal.
 */
export function storefrontView(p: ProductView, available: Availability) {
  const variants = p.variants.map((v) => ({
    id: v.id,
    sku: v.sku,
    name: v.name,
    options: v.options,
    price: v.price,
    position: v.position,
    availableForSale: forSale(v.price, v.id, available),
  }));
  return {
    id: p.id,
    type: p.type,
    name: p.name,
    description: p.description,
    images: p.images,
    price: p.price,
    availableForSale: anyForSale(variants),
    variants,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
export type StorefrontView = ReturnType<typeof storefrontView>;

/** The variants whose stock a page needs: those with a price (one without is never for sale). */
export const pricedVariantIds = (products: ProductView[]) =>
  products.flatMap((p) => p.variants.filter((v) => v.price !== null).map((v) => v.id));
