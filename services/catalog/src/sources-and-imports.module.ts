import type { Router } from 'express';
import { resolveHost, type OutboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { CostFollower } from './commands/cost-follower';
import { ImportCommands } from './commands/import-commands';
import { ImportRunner } from './commands/import-runner';
import { OfferLinks } from './commands/offer-links';
import { SourceCommands } from './commands/source-commands';
import { SourceInternalReads } from './commands/source-internal-reads';
import { SourceProductCommands } from './commands/source-product-commands';
import { SourceSkuCommands } from './commands/source-sku-commands';
import type { Config } from './config';
import { channelProductsRoutes } from './http/channel-products.routes';
import { importsRoutes } from './http/imports.routes';
import { sourcesInternalRoutes } from './http/sources-internal.routes';
import { sourcesRoutes } from './http/sources.routes';
import type { ProductWrites } from './products.module';
import { ImportChunks } from './store/import-chunk.repository';
import { importJobModel } from './store/import-job.model';
import { ImportJobStore } from './store/import-job.store';
import type { ListingRepository } from './store/listing.repository';
import { sourceSkuModel } from './store/source-sku.model';
import { SourceSkuRepository } from './store/source-sku.repository';
import { sourceModel } from './store/source.model';
import { SourceStore } from './store/source.store';

/** The sources' and import jobs' documents, built before the relay (it publishes from them). */
export function sourcesAndImportsData({ connection }: ServiceContext<Config>) {
  const sources = sourceModel(connection);
  const importJobs = importJobModel(connection);
  return { sources, importJobs, outbox: [sources, importJobs] };
}
export type SourcesAndImportsData = ReturnType<typeof sourcesAndImportsData>;

/**
 * Source channels, their SKUs (offers) and imports: stores, commands and routes (partner and
 * internal), on the products'
 * writer (products made from source SKUs, costs that follow offers, `sourceLinked`). The import
 * runner is a part of the service (started after the stores, stopped before the relay).
 */
export function sourcesAndImportsModule(
  ctx: ServiceContext<Config>,
  relay: OutboxRelay,
  data: SourcesAndImportsData,
  needs: ProductWrites & { listings: ListingRepository },
) {
  const { config, connection, logger } = ctx;
  const { writer, variantRefs, listings } = needs;
  const urls = { allowlist: config.FEED_URL_ALLOWLIST, resolve: resolveHost };
  const sourceStore = new SourceStore(data.sources, relay);
  const skus = new SourceSkuRepository(sourceSkuModel(connection));
  const jobs = new ImportJobStore(data.importJobs, relay);
  const chunks = new ImportChunks(connection);
  const costs = new CostFollower(writer, logger);
  const links = new OfferLinks(skus, variantRefs, writer.store, writer);
  const runner = new ImportRunner(jobs, chunks, skus, costs, urls, config, logger);
  const commands = {
    sources: new SourceCommands(sourceStore),
    sourceSkus: new SourceSkuCommands(sourceStore, skus, links, costs),
    imports: new ImportCommands(sourceStore, jobs, chunks, runner, urls, config, logger),
    sourceProducts: new SourceProductCommands(sourceStore, skus, listings, writer),
    sourceReads: new SourceInternalReads(sourceStore, skus),
  };
  return {
    commands,
    parts: [runner],
    mount: (router: Router) => {
      channelProductsRoutes(router, commands); // before the products module's /products/:id
      sourcesRoutes(router, commands);
      importsRoutes(router, commands);
    },
    mountInternal: (router: Router) => sourcesInternalRoutes(router, commands),
  };
}
/** What the sources' and imports' routes are given: commands only. */
export type SourcesAndImportsCommands = ReturnType<typeof sourcesAndImportsModule>['commands'];
