import { BroadcastCache, subscription, type ServiceContext } from '@stockyard/service-kit';
import { VariantCheck } from './commands/variant-check';
import type { Config } from './config';
import { VARIANT_EVENTS, variantChangedHandler } from './events/handlers/variant-changed.handler';
import { catalogVariants } from './peers/catalog-variants';
import { variantModel } from './store/variant.model';
import { VariantRepository, variantStore } from './store/variant.repository';

/** How long a replica trusts that a variant is live; a variant.deleted event drops it at once everywhere. */
const LIVE_VARIANT_TTL_MS = 5000;

/**
 * The catalog's variants as inventory knows them: a copy kept from the catalog's events, the
 * check every stock change makes (with a cache of live ones) and the consumer. No routes.
 */
export function variantsModule({ connection, broker, logger, config }: ServiceContext<Config>) {
  const live = new BroadcastCache<true>(broker, 'inventory.variants', logger, { ttlMs: LIVE_VARIANT_TTL_MS });
  const docs = variantModel(connection);
  const store = variantStore(docs);
  const variants = new VariantRepository(docs);
  const check = new VariantCheck(variants, catalogVariants(config), live);
  return {
    variants,
    check,
    parts: [live],
    subscriptions: [
      subscription({
        queue: 'inventory.variants',
        events: VARIANT_EVENTS,
        handler: variantChangedHandler(store, check),
      }),
    ],
  };
}
