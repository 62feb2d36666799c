import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import type { Component, ProductState, VariantState } from './product';
import { categoryIdsOf } from './product-derived';

/** The fields whose change `product.updated` names in `changes` (derived fields never). */
const PUBLIC_FIELDS = [
  'type',
  'name',
  'description',
  'brandId',
  'categoryId',
  'sku',
  'upc',
  'gtin',
  'mpn',
  'price',
  'cost',
  'weight',
  'dimensions',
  'images',
  'customFields',
  'archived',
  'deletedAt',
  'variants',
  'components',
  'boms',
  'parentId',
  'position',
] as const;

export const changedFieldNames = (before: ProductState, after: ProductState): string[] =>
  PUBLIC_FIELDS.filter((f) => before[f] !== after[f]);

export const productCreated = (p: ProductState) =>
  newEvent('product.created', { orgId: p.orgId, productId: p.id, type: p.type, name: p.name });

/** `product.updated`: `deleted` (in the trash), `archived`, `type`, and the names of the fields that changed. */
export const productUpdated = (p: ProductState, changes: string[]) =>
  newEvent('product.updated', {
    orgId: p.orgId,
    productId: p.id,
    deleted: p.deletedAt !== null,
    archived: p.archived,
    type: p.type,
    changes,
  });

/** A variant as inventory and other read models know it: live only while its product is live too. */
const isLive = (p: ProductState | null, v: VariantState | undefined): boolean =>
  !!p && !!v && v.deletedAt === null && p.deletedAt === null;

/** The name read models show: the product's, with the variant's name or options after it. */
export function variantDisplayName(p: ProductState, v: VariantState): string {
  const label = v.name ?? optionsLabel(v.options);
  return v.isDefault || !label ? p.name : `${p.name} - ${label}`;
}

/**
 * The options' values joined (`Red / XL`). Options are free-form JSON to this code: only text,
 * numbers and booleans make the label; nested objects, arrays, null (or options that are not
 * an object at all) are left out rather than shown as `[object Object]`.
 */
function optionsLabel(options: unknown): string {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return '';
  return Object.values(options)
    .filter((value) => ['string', 'number', 'boolean'].includes(typeof value))
    .map((value) => String(value).trim())
    .filter((value) => value.length > 0)
    .join(' / ');
}

/**
 * The variant events a product change causes, by comparing the variants before and after:
 * `variant.upserted` for each variant new, restored or whose SKU or name moved, and for every
 * live variant when the product's category moved (inventory's stock reports group by it; a
 * category is only deleted once no product names it, so nothing else moves it),
 * `variant.deleted` for each one gone (deleted, or its product trashed or converted), and
 * `variant.cost_changed` for each live variant whose cost moved from one number to another.
 */
export function variantEvents(before: ProductState | null, after: ProductState): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  const orgId = after.orgId;
  const updatedAt = new Date().toISOString();
  const old = new Map(before?.variants.map((v) => [v.id, v]) ?? []);
  const recategorized = before !== null && before.categoryId !== after.categoryId;
  const product = { productId: after.id, categoryIds: categoryIdsOf(after) };
  for (const v of after.variants) {
    const prev = old.get(v.id);
    const wasLive = isLive(before, prev);
    const live = isLive(after, v);
    if (live) {
      const name = variantDisplayName(after, v);
      const moved = !wasLive || !prev || prev.sku !== v.sku || variantDisplayName(before!, prev) !== name;
      if (moved || recategorized) {
        events.push(
          newEvent('variant.upserted', { orgId, variantId: v.id, sku: v.sku ?? '', name, ...product, updatedAt }),
        );
      }
      if (wasLive && prev && prev.cost !== v.cost && prev.cost !== null && v.cost !== null) {
        events.push(newEvent('variant.cost_changed', { orgId, variantId: v.id, oldCost: prev.cost, newCost: v.cost }));
      }
    } else if (wasLive) {
      events.push(newEvent('variant.deleted', { orgId, variantId: v.id, updatedAt }));
    }
  }
  return events;
}

/** A bundle as its read models see it: live variants and own rows (nothing once trashed or converted). */
function bundleShape(p: ProductState | null) {
  if (!p || p.type !== 'BUNDLE' || p.deletedAt) return { variantIds: [] as string[], components: [] as Component[] };
  return { variantIds: p.variants.filter((v) => v.deletedAt === null).map((v) => v.id), components: p.components };
}

/** `bundle.components_changed` when a bundle's rows or live variants moved (internal: bundle availability). */
export function bundleEvents(before: ProductState | null, after: ProductState): EventEnvelope[] {
  const was = bundleShape(before);
  const now = bundleShape(after);
  if (JSON.stringify(was) === JSON.stringify(now)) return [];
  const payload = { orgId: after.orgId, productId: after.id, ...now, updatedAt: new Date().toISOString() };
  return [newEvent('bundle.components_changed', payload)];
}
