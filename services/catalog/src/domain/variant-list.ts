import { z } from 'zod';
import type { ProductState } from './product';
import { liveVariants } from './product-derived';
import { variantTermsOf } from './variant-search';

/**
 * The catalog's own event that keeps the variant list (`variant_list`, GET /variants, a
 * projection of the product store): a row per live variant of a live product with its search
 * terms, and the variant search rows (`variant_search_terms`), applied in this process like
 * the term indexes, never on the broker. `createdAt` is the product's (the list's order): the
 * store hands a new product's projections the instant it inserts it. An event without one (written
 * before it did) takes it from the product.
 */
export const VARIANT_LIST_CHANGED = 'product.variant_list_changed' as const;

export const VariantListChangedSchema = z.object({
  orgId: z.string(),
  productId: z.string(),
  version: z.number().int().positive(),
  createdAt: z.string().datetime().nullable(),
  /**
   * The product's name, and each row's variant name, SKU and barcodes: what the rows' search
   * terms come from (`variantTermsOf`). Absent from updates written before the list kept terms:
   * those leave the stored terms alone.
   */
  name: z.string().optional(),
  rows: z.array(
    z.object({
      variantId: z.string(),
      position: z.number().int(),
      name: z.string().nullable().optional(),
      sku: z.string().nullable().optional(),
      barcodes: z.array(z.string()).optional(),
    }),
  ),
});
export type VariantListChanged = z.infer<typeof VariantListChangedSchema>;
type VariantListEntry = VariantListChanged['rows'][number];

/** A product's rows in the variant list: its live variants (none once trashed), by position. */
export function variantListOf(p: Pick<ProductState, 'deletedAt' | 'variants'>) {
  if (p.deletedAt !== null) return [];
  return liveVariants(p)
    .map((v) => ({ variantId: v.id, position: v.position, name: v.name, sku: v.sku, barcodes: v.barcodes }))
    .sort((a, b) => a.position - b.position || (a.variantId < b.variantId ? -1 : 1));
}

/** A row's search terms, when the update says what they come from (`name` given). */
export const termsOfEntry = (productName: string | undefined, row: VariantListEntry): string[] | undefined =>
  productName === undefined
    ? undefined
    : variantTermsOf(productName, { name: row.name ?? null, sku: row.sku ?? null, barcodes: row.barcodes ?? [] });

/**
 * A row's key in the list's order after the product's creation instant: the product, the
 * variant's position, the variant. The separator sorts before every character of an id, so the
 * products' order is their ids' (as GET /variants sorted them before this list existed).
 */
export const variantRowKey = (productId: string, position: number, variantId: string) =>
  `${productId} ${String(position).padStart(10, '0')} ${variantId}`;

/** The product and variant a row's key names (ids hold no spaces). */
export function parseRowKey(key: string): { productId: string; variantId: string } {
  const parts = key.split(' ');
  return { productId: parts[0]!, variantId: parts[parts.length - 1]! };
}

/**
 * The variant-list update a change needs (`version` the one the write makes), as the payload of
 * its event less the organization: none when its rows stay. A new product's carries no
 * `createdAt` (the store sets it as it inserts).
 */
export function variantListUpdates(
  before: Pick<ProductState, 'name' | 'deletedAt' | 'variants'> | null,
  after: Pick<ProductState, 'id' | 'name' | 'deletedAt' | 'variants'> & { createdAt?: Date },
  version: number,
): Omit<VariantListChanged, 'orgId'>[] {
  const rows = variantListOf(after);
  const previous = before ? variantListOf(before) : [];
  if (!before && rows.length === 0) return [];
  const same =
    before &&
    rows.length === previous.length &&
    (rows.length === 0 || before.name === after.name) &&
    rows.every((r, i) => sameEntry(r, previous[i]!));
  if (same) return [];
  const createdAt = after.createdAt ? after.createdAt.toISOString() : null;
  return [{ productId: after.id, version, createdAt, name: after.name, rows }];
}

const sameEntry = (a: ReturnType<typeof variantListOf>[number], b: ReturnType<typeof variantListOf>[number]) =>
  a.variantId === b.variantId &&
  a.position === b.position &&
  a.name === b.name &&
  a.sku === b.sku &&
  a.barcodes.length === b.barcodes.length &&
  a.barcodes.every((code, i) => code === b.barcodes[i]);
