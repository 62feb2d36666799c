import type { TypedEvent } from '@stockyard/contracts';
import type { VariantCheck } from '../../commands/variant-check';
import type { VariantRepository } from '../../store/variant.repository';

export const VARIANT_EVENTS = ['variant.upserted', 'variant.deleted'] as const;

/** Keeps the variant read model (SKU, name, live or not) for searches, count sheets and the variant check. */
export const variantChangedHandler =
  (variants: VariantRepository, check: VariantCheck) =>
  async (event: TypedEvent<(typeof VARIANT_EVENTS)[number]>): Promise<void> => {
    if (event.name === 'variant.upserted') return variants.upsert(event.payload);
    await variants.remove(event.payload);
    await check.forget(event.payload.orgId, event.payload.variantId); // on every replica
  };
