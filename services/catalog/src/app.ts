import { composeService, defineService, outboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { brandsAndCategoriesModule } from './brands-and-categories.module';
import { channelListings, channelsModule } from './channels.module';
import { configSchema, type Config } from './config';
import { orderHolds } from './peers/order-holds';
import { productReadSide, productsModule } from './products.module';
import { sourcesAndImportsModule } from './sources-and-imports.module';
import { storefrontModule } from './storefront.module';

function buildApp(ctx: ServiceContext<Config>) {
  const relay = outboxRelay(ctx);
  // What the modules read of one another, first: products name brands and categories, which
  // read products; products read the channels' listings, and channels and sources write products.
  const reads = productReadSide(ctx);
  const listings = channelListings(ctx);
  // A category's template change re-enriches its products in a job, through their writer (taken once built).
  const writer = () => products.writes.writer;
  const taxonomy = brandsAndCategoriesModule(ctx, relay, { queries: reads.queries, writer });
  const needs = { ...taxonomy.reads, listings: listings.reads, holds: orderHolds(ctx.config) };
  const products = productsModule(ctx, relay, reads, needs);
  const channels = channelsModule(ctx, relay, listings, products.writes);
  const sources = sourcesAndImportsModule(ctx, relay, { ...products.writes, ...needs, queries: reads.queries });
  const storefront = storefrontModule(ctx, {
    writes: products.writes,
    queries: reads.queries,
    listings: listings.reads,
  });
  return composeService(ctx, {
    service: 'catalog',
    relay,
    // Sources' routes first (their /products/... literals before /products/:id).
    modules: { sourcesAndImports: sources, channels, brandsAndCategories: taxonomy, products, storefront },
  });
}

export const catalog = defineService({ name: 'catalog', configSchema, build: buildApp });
