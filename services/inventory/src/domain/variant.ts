import type { Decision } from '@stockyard/service-kit';

/** The read model's copy of a catalog variant (from its internal events). */
export interface VariantState {
  orgId: string;
  version: number;
  variantId: string;
  sku: string | null;
  name: string | null;
  /** The product holding it and the product's categories (stock reports group by them); null: not heard yet. */
  productId?: string | null;
  categoryIds?: string[] | null;
  deleted: boolean;
  /** The catalog's `updatedAt` of the event last applied: an older copy changes nothing. */
  sourceUpdatedAt: Date;
}

/** A variant the read model has not heard of (its first event inserts it). */
export const noVariant = (orgId: string, variantId: string): VariantState => ({
  orgId,
  variantId,
  sku: null,
  name: null,
  deleted: false,
  sourceUpdatedAt: new Date(0),
  version: 0,
});

/** Applies a catalog event's fields unless the read model already holds a newer (or the same) one. */
export function applyVariantChange(
  current: VariantState,
  at: Date,
  fields: Partial<Pick<VariantState, 'sku' | 'name' | 'productId' | 'categoryIds' | 'deleted'>>,
): Decision<VariantState> {
  if (current.version > 0 && current.sourceUpdatedAt >= at) return {}; // a late, older copy
  // A field the event does not carry (an older catalog's) keeps what is known.
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { state: { ...current, ...given, sourceUpdatedAt: at } };
}

/** What the catalog's variant read says of a variant's product (the backfill of older copies). */
export type VariantProduct = Pick<VariantState, 'productId' | 'categoryIds'>;

/**
 * Gives a copy heard of before the catalog sent products its product and categories, unless an event
 * has filled them since (it is newer than the read) or the variant is deleted. `sourceUpdatedAt`
 * stays: the next event still applies.
 */
export function fillProduct(current: VariantState, product: VariantProduct): Decision<VariantState> {
  if (current.deleted || (current.productId !== null && current.productId !== undefined)) return {};
  return { state: { ...current, productId: product.productId, categoryIds: product.categoryIds } };
}
