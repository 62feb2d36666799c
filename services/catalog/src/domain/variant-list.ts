import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import { z } from 'zod';
import type { ProductState } from './product';
import { liveVariants } from './product-derived';

/**
 * The catalog's own event that keeps the variant list (`variant_list`, GET /variants): a row
 * per live variant of a live product, applied in this process like the term indexes, never on
 * the broker. `createdAt` is the product's (the list's order); a new product's event carries
 * none (the store sets it as it inserts) and the row takes it from the product.
 */
export const VARIANT_LIST_CHANGED = 'product.variant_list_changed' as const;

export const VariantListChangedSchema = z.object({
  orgId: z.string(),
  productId: z.string(),
  version: z.number().int().positive(),
  createdAt: z.string().datetime().nullable(),
  rows: z.array(z.object({ variantId: z.string(), position: z.number().int() })),
});
export type VariantListChanged = z.infer<typeof VariantListChangedSchema>;

/** A product's rows in the variant list: its live variants (none once trashed), by position. */
export function variantListOf(p: Pick<ProductState, 'deletedAt' | 'variants'>) {
  if (p.deletedAt !== null) return [];
  return liveVariants(p)
    .map((v) => ({ variantId: v.id, position: v.position }))
    .sort((a, b) => a.position - b.position || (a.variantId < b.variantId ? -1 : 1));
}

/**
 * A row's key in the list's order after the product's creation instant: the product, the
 * variant's position, the variant. The separator sorts before every character of an id, so the
 * products' order is their ids' (as GET /variants sorted them before this list existed).
 */
export const variantRowKey = (productId: string, position: number, variantId: string) =>
  `${productId} ${String(position).padStart(10, '0')} ${variantId}`;

/** The variant-list update a change needs (`version` the one the write makes): none when its rows stay. */
export function variantListEvents(
  before: Pick<ProductState, 'deletedAt' | 'variants'> | null,
  after: Pick<ProductState, 'orgId' | 'id' | 'deletedAt' | 'variants'> & { createdAt?: Date },
  version: number,
): EventEnvelope[] {
  const rows = variantListOf(after);
  const previous = before ? variantListOf(before) : [];
  if (!before && rows.length === 0) return [];
  const same =
    before &&
    rows.length === previous.length &&
    rows.every((r, i) => r.variantId === previous[i]!.variantId && r.position === previous[i]!.position);
  if (same) return [];
  const createdAt = before && after.createdAt ? after.createdAt.toISOString() : null;
  return [newEvent(VARIANT_LIST_CHANGED, { orgId: after.orgId, productId: after.id, version, createdAt, rows })];
}
