import type { Connection } from 'mongoose';
import type { OutboxRelay, ServiceContext, ServiceModule } from '@stockyard/service-kit';
import { resolveHost } from '@stockyard/service-kit/net';
import { CostFollower } from './commands/cost-follower';
import { ImportCommands } from './commands/import-commands';
import { ImportRunner } from './commands/import-runner';
import { OfferLinks } from './commands/offer-links';
import { SourceCommands } from './commands/source-commands';
import { SourceInternalReads } from './commands/source-internal-reads';
import { SourceProductCommands } from './commands/source-product-commands';
import { SourceSkuCommands } from './commands/source-sku-commands';
import type { Config } from './config';
import type { ProductWrites, SourcesAndImportsGiven } from './deps';
import { channelProductsRoutes } from './http/channel-products.routes';
import { importsRoutes } from './http/imports.routes';
import { sourcesInternalRoutes } from './http/sources-internal.routes';
import { sourcesRoutes } from './http/sources.routes';
import { ImportChunks } from './store/import-chunk.repository';
import { importJobModel } from './store/import-job.model';
import { ImportJobReads, importJobStore } from './store/import-job.repository';
import type { ListingReads } from './store/listing.repository';
import type { ProductQueries } from './store/product.queries';
import { sourceSkuModel } from './store/source-sku.model';
import { SourceSkuReads, sourceSkuStore, SourceSkuWrites } from './store/source-sku.repository';
import { sourceModel } from './store/source.model';
import { SourceReads, sourceStore } from './store/source.repository';

/**
 * Source channels, their SKUs (offers) and imports: stores, commands and routes (partner and
 * internal), on the products'
 * writer (products made from source SKUs, costs that follow offers, `sourceLinked`). The import
 * runner is a part of the service (started after the stores, stopped before the relay).
 */
export function sourcesAndImportsModule(
  ctx: ServiceContext<Config>,
  relay: OutboxRelay,
  needs: ProductWrites & { listings: ListingReads; queries: ProductQueries },
): ServiceModule<SourcesAndImportsGiven> {
  const { config, connection, logger } = ctx;
  const { store: products, writer, variantRefs, listings, queries } = needs;
  const urls = { allowlist: config.FEED_URL_ALLOWLIST, resolve: resolveHost };
  const { sourcesStore, sources, skuStore, skus, skuWrites, jobs, jobReads } = sourcesStorage(connection, relay);
  const chunks = new ImportChunks(connection);
  const costs = new CostFollower(writer, logger);
  const links = new OfferLinks(skuStore, skus, variantRefs, products, writer);
  const runner = new ImportRunner(jobs, jobReads, chunks, skus, skuWrites, costs, urls, config, logger);
  const given = {
    sources: new SourceCommands(sourcesStore, sources),
    sourceSkus: new SourceSkuCommands(sources, skuStore, skus, skuWrites, links, costs),
    imports: new ImportCommands(sources, jobs, jobReads, chunks, runner, urls, config, logger),
    sourceProducts: new SourceProductCommands(sources, skuStore, skus, listings, products, queries, writer),
    sourceReads: new SourceInternalReads(sources, skus),
  };
  return {
    given,
    parts: [runner],
    api: (router) => {
      channelProductsRoutes(router, given); // before the products module's /products/:id
      sourcesRoutes(router, given);
      importsRoutes(router, given);
    },
    internal: (router) => sourcesInternalRoutes(router, given),
  };
}

/** The sources', their SKUs' and the import jobs' stores and reads. */
function sourcesStorage(connection: Connection, relay: OutboxRelay) {
  const sourceDocs = sourceModel(connection);
  const sourcesStore = sourceStore(sourceDocs, relay);
  const skuDocs = sourceSkuModel(connection);
  const jobDocs = importJobModel(connection);
  const jobs = importJobStore(jobDocs, relay);
  return {
    sourcesStore,
    sources: new SourceReads(sourceDocs, sourcesStore),
    skuStore: sourceSkuStore(skuDocs),
    skus: new SourceSkuReads(skuDocs),
    skuWrites: new SourceSkuWrites(skuDocs),
    jobs,
    jobReads: new ImportJobReads(jobDocs, jobs),
  };
}
