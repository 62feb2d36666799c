import type { TypedEvent } from '@stockyard/contracts';
import type { VariantRepository } from '../../store/variant.repository';

export const VARIANT_EVENTS = ['variant.upserted', 'variant.deleted'] as const;

/** Keeps the variant read model (SKU, name) for searches and count sheets. */
export const variantChangedHandler =
  (variants: VariantRepository) =>
  async (event: TypedEvent<(typeof VARIANT_EVENTS)[number]>): Promise<void> => {
    if (event.name === 'variant.deleted') return variants.remove(event.payload);
    return variants.upsert(event.payload);
  };
