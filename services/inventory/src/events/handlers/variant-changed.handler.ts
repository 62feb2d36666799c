import type { TypedEvent } from '@stockyard/contracts';
import type { VariantCheck } from '../../commands/variant-check';
import { applyVariantChange } from '../../domain/variant';
import type { VariantStore } from '../../store/variant.repository';

export const VARIANT_EVENTS = ['variant.upserted', 'variant.deleted'] as const;

/**
 * Keeps the variant read model (SKU, name, product and categories, live or not) for searches,
 * count sheets, stock reports and the variant check; the newest `updatedAt` wins.
 */
export const variantChangedHandler =
  (store: VariantStore, check: VariantCheck) =>
  async (event: TypedEvent<(typeof VARIANT_EVENTS)[number]>): Promise<void> => {
    const { orgId, variantId, updatedAt } = event.payload;
    const at = new Date(updatedAt);
    if (event.name === 'variant.upserted') {
      const { sku, name, productId, categoryIds } = event.payload;
      const fields = { sku, name, productId, categoryIds, deleted: false };
      await store.change(orgId, variantId, (v) => applyVariantChange(v, at, fields));
      return;
    }
    await store.change(orgId, variantId, (v) => applyVariantChange(v, at, { deleted: true }));
    await check.forget(orgId, variantId); // on every replica
  };
