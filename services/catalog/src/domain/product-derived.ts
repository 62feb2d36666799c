import type { ProductState, VariantState } from './product';

/** A product's categories as its variant events and the internal variant read carry them: its one category, if any. */
export const categoryIdsOf = (p: Pick<ProductState, 'categoryId'>): string[] => (p.categoryId ? [p.categoryId] : []);

/** Upper case, trimmed: the form SKUs and barcodes are compared in. */
export const skuKey = (sku: string) => sku.trim().toUpperCase();

export const liveVariants = (p: Pick<ProductState, 'variants'>): VariantState[] =>
  p.variants.filter((v) => v.deletedAt === null);

export const defaultVariant = (p: Pick<ProductState, 'variants'>): VariantState | undefined =>
  liveVariants(p).find((v) => v.isDefault);

/** Every SKU the product holds: its own and its live variants' (each once, in key form). */
export function skusOf(p: Pick<ProductState, 'sku' | 'variants'>): string[] {
  const keys = new Set<string>();
  if (p.sku) keys.add(skuKey(p.sku));
  for (const v of liveVariants(p)) if (v.sku) keys.add(skuKey(v.sku));
  return [...keys];
}

/**
 * Margin in percent, (price − cost) / price, computed in cents; null when either is missing or
 * the price is under a cent (a price the contracts refuse, but a stored margin is never ±Infinity).
 */
export function marginOf(price: number | null, cost: number | null): number | null {
  if (price === null || cost === null) return null;
  const priceCents = Math.round(price * 100);
  const costCents = Math.round(cost * 100);
  if (priceCents <= 0) return null;
  return Math.round(((priceCents - costCents) * 10_000) / priceCents) / 100;
}

/** The rows other products' variants are used in: bundle rows and the active BOM. */
export function componentRows(p: Pick<ProductState, 'type' | 'components' | 'boms'>) {
  if (p.type === 'BUNDLE') return p.components;
  if (p.type === 'ASSEMBLY') return p.boms.find((b) => b.active)?.rows ?? [];
  return [];
}

/**
 * A product with its derived fields recomputed (margin, the SKU/barcode/variant/component
 * keys the indexes use, `matched`). Every decision passes its new state through this.
 */
export function withDerived(p: ProductState): ProductState {
  const live = liveVariants(p);
  const barcodes = new Set<string>();
  for (const code of [p.upc, p.gtin]) if (code) barcodes.add(skuKey(code));
  for (const v of live) for (const b of v.barcodes) barcodes.add(skuKey(b));
  const next: ProductState = {
    ...p,
    margin: marginOf(p.price, p.cost),
    skuKeys: skusOf(p),
    barcodeKeys: [...barcodes],
    variantIds: live.map((v) => v.id),
    componentVariantIds: [...new Set(componentRows(p).map((r) => r.variantId))],
    matched: live.length > 0 && live.every((v) => v.sourceLinked),
  };
  // Keep unchanged derived arrays by reference, so the store writes only what moved.
  for (const key of ['skuKeys', 'barcodeKeys', 'variantIds', 'componentVariantIds'] as const) {
    if (sameList(p[key], next[key])) next[key] = p[key];
  }
  return next;
}

const sameList = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/** The raw SKU of each key the product holds (its own SKU and its live variants'). */
function rawSkus(p: Pick<ProductState, 'sku' | 'variants'>): Map<string, string> {
  const raw = new Map<string, string>();
  if (p.sku) raw.set(skuKey(p.sku), p.sku);
  for (const v of liveVariants(p)) if (v.sku && !raw.has(skuKey(v.sku))) raw.set(skuKey(v.sku), v.sku);
  return raw;
}

/** The SKUs a product holds unique, as given: all of its SKUs while it is live, none in the trash. */
export const heldSkus = (p: ProductState): string[] => (p.deletedAt ? [] : [...rawSkus(p).values()]);

/** The keys a product needs claimed: all of its SKUs while it is live, none in the trash. */
export const claimedKeys = (p: ProductState | null): string[] => (p && !p.deletedAt ? skusOf(p) : []);
