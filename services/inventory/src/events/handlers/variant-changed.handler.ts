import { CATALOG_VARIANT_EVENTS, type EventEnvelope } from '@stockyard/contracts';
import type { VariantRepository } from '../../store/variant.repository';

export const VARIANT_EVENTS = Object.keys(CATALOG_VARIANT_EVENTS);

/** Keeps the variant read model (SKU, name) for searches and count sheets. */
export const variantChangedHandler = (variants: VariantRepository) => async (event: EventEnvelope) => {
  const payload = { ...event.payload, orgId: event.orgId };
  if (event.name === 'variant.deleted')
    return variants.remove(CATALOG_VARIANT_EVENTS['variant.deleted'].parse(payload));
  return variants.upsert(CATALOG_VARIANT_EVENTS['variant.upserted'].parse(payload));
};
