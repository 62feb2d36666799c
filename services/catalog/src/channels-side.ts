import { resolveHost, type OutboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { ChannelCommands } from './commands/channel-commands';
import { CostFollower } from './commands/cost-follower';
import { ImportCommands } from './commands/import-commands';
import { ImportRunner } from './commands/import-runner';
import { OfferLinks } from './commands/offer-links';
import type { ProductWriter } from './commands/product-writer';
import { SourceCommands } from './commands/source-commands';
import { SourceProductCommands } from './commands/source-product-commands';
import { SourceSkuCommands } from './commands/source-sku-commands';
import type { Config } from './config';
import { inventoryWarehouses } from './peers/inventory-warehouses';
import { channelModel } from './store/channel.model';
import { ChannelStore } from './store/channel.store';
import { ImportChunks } from './store/import-chunk.repository';
import { importJobModel } from './store/import-job.model';
import { ImportJobStore } from './store/import-job.store';
import type { ListingRepository } from './store/listing.repository';
import { sourceSkuModel } from './store/source-sku.model';
import { SourceSkuRepository } from './store/source-sku.repository';
import { sourceModel } from './store/source.model';
import { SourceStore } from './store/source.store';
import type { VariantRefs } from './store/variant-refs';

/** The channels side's models whose documents carry events (the relay publishes from them). */
export const channelsSideModels = (ctx: ServiceContext<Config>) => ({
  channels: channelModel(ctx.connection),
  sources: sourceModel(ctx.connection),
  importJobs: importJobModel(ctx.connection),
});

/**
 * The channels and sources side (issue #18): stores → commands, on the products side's writer
 * (products made from source SKUs, costs that follow offers, `sourceLinked`). The import runner
 * is a part of the service (started after the stores, stopped before the relay).
 */
export function channelsSide(
  ctx: ServiceContext<Config>,
  models: ReturnType<typeof channelsSideModels>,
  relay: OutboxRelay,
  products: { writer: ProductWriter; variantRefs: VariantRefs; listings: ListingRepository },
) {
  const { config, connection, logger } = ctx;
  const urls = { allowlist: config.FEED_URL_ALLOWLIST, resolve: resolveHost };
  // stores
  const channelStore = new ChannelStore(models.channels, relay);
  const sourceStore = new SourceStore(models.sources, relay);
  const skus = new SourceSkuRepository(sourceSkuModel(connection));
  const jobs = new ImportJobStore(models.importJobs, relay);
  const chunks = new ImportChunks(connection);
  // commands
  const { writer, variantRefs, listings } = products;
  const costs = new CostFollower(writer, logger);
  const links = new OfferLinks(skus, variantRefs, writer.store, writer);
  const runner = new ImportRunner(jobs, chunks, skus, costs, urls, config, logger);
  return {
    runner,
    deps: {
      channels: new ChannelCommands(channelStore, listings, writer.store, urls, inventoryWarehouses(config)),
      sources: new SourceCommands(sourceStore),
      sourceSkus: new SourceSkuCommands(sourceStore, skus, links, costs),
      imports: new ImportCommands(sourceStore, jobs, chunks, runner, urls, config, logger),
      sourceProducts: new SourceProductCommands(sourceStore, skus, listings, writer),
    },
  };
}
export type ChannelsSideDeps = ReturnType<typeof channelsSide>['deps'];
