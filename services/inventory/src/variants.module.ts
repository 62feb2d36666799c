import { BroadcastCache, subscription, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { VariantCheck } from './commands/variant-check';
import { VariantProductBackfill } from './commands/variant-product-backfill';
import type { Config } from './config';
import type { VariantsGiven } from './deps';
import { VARIANT_EVENTS, variantChangedHandler } from './events/handlers/variant-changed.handler';
import { catalogProducts, catalogVariants } from './peers/catalog-variants';
import { inventoryPasses } from './store/pass-checkpoints';
import { variantModel } from './store/variant.model';
import { variantGroupings, type VariantGroupings } from './store/variant-groupings';
import { VariantRepository, variantStore } from './store/variant.repository';

/** How long a replica trusts that a variant is live; a variant.deleted event drops it at once everywhere. */
const LIVE_VARIANT_TTL_MS = 5000;

/**
 * The catalog's variants as inventory knows them: a copy kept from the catalog's events, the
 * check every stock change makes (with a cache of live ones), the consumer, and the backfill of
 * older copies' products (in the background from start). No routes.
 */
export function variantsModule(
  ctx: ServiceContext<Config>,
): ServiceModule<VariantsGiven> & { reads: VariantRepository; groupings: VariantGroupings } {
  const { connection, broker, logger, config } = ctx;
  const live = new BroadcastCache<true>(broker, 'inventory.variants', logger, { ttlMs: LIVE_VARIANT_TTL_MS });
  const docs = variantModel(connection);
  const store = variantStore(docs);
  const reads = new VariantRepository(docs);
  const check = new VariantCheck(reads, catalogVariants(config), live);
  const backfill = new VariantProductBackfill(
    reads,
    store,
    catalogProducts(config),
    inventoryPasses(connection),
    config.VARIANT_BACKFILL_MS,
    logger,
  );
  const changes = subscription({
    queue: 'inventory.variants',
    events: VARIANT_EVENTS,
    handler: variantChangedHandler(store, check),
  });
  return {
    given: { check, backfill },
    /** The variants' SKUs and names, as the stock reads show them. */
    reads,
    /** Every variant's product and categories, for the reports that group by them. */
    groupings: variantGroupings(connection, docs),
    parts: [live, backfill],
    subscriptions: [changes],
  };
}
