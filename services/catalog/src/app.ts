import { assemble, defineService, outboxRelay, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { brandsAndCategoriesData, brandsAndCategoriesModule } from './brands-and-categories.module';
import { channelsData, channelsModule } from './channels.module';
import { configSchema, type Config } from './config';
import { orderHolds } from './peers/order-holds';
import type { CatalogDeps } from './deps';
import { productsData, productsModule } from './products.module';
import { sourcesAndImportsData, sourcesAndImportsModule } from './sources-and-imports.module';
import { storefrontModule } from './storefront.module';

export function buildApp(ctx: ServiceContext<Config>) {
  // Documents and read sides first: one relay publishes every module's events, and the modules
  // read one another's (products name brands and categories, channels list products).
  const data = {
    products: productsData(ctx),
    taxonomy: brandsAndCategoriesData(ctx),
    channels: channelsData(ctx),
    sources: sourcesAndImportsData(ctx),
  };
  const outbox = [...data.products.outbox, ...data.taxonomy.outbox, ...data.channels.outbox, ...data.sources.outbox];
  const relay = outboxRelay(ctx, outbox, data.products.local);
  // A category's template change re-enriches its products in a job, through their writer (taken once built).
  const writer = () => products.writes.writer;
  const taxonomy = brandsAndCategoriesModule(relay, data.taxonomy, { queries: data.products.queries, writer });
  const needs = { ...taxonomy.stores, listings: data.channels.listings, holds: orderHolds(ctx.config) };
  const products = productsModule(ctx, relay, data.products, needs);
  const channels = channelsModule(ctx, relay, data.channels, products.writes);
  const sources = sourcesAndImportsModule(ctx, relay, data.sources, { ...products.writes, ...needs });
  const storefront = storefrontModule(ctx, {
    writes: products.writes,
    queries: data.products.queries,
    listings: data.channels.listings,
  });
  const deps: CatalogDeps = {
    products: products.commands,
    brandsAndCategories: taxonomy.commands,
    channels: channels.commands,
    sourcesAndImports: sources.commands,
    storefront: storefront.commands,
  };
  // Sources' routes first (their /products/... literals before /products/:id).
  const api = [sources, channels, taxonomy, products, storefront];
  const app = serviceApp(ctx, {
    service: 'catalog',
    api: (router) => api.forEach((module) => module.mount(router)),
    internal: (router) => [products, channels, sources].forEach((module) => module.mountInternal(router)),
  });
  const subscriptions = taxonomy.subscriptions;
  return assemble(ctx, { app, deps, relay, subscriptions, parts: [...products.parts, ...sources.parts] });
}

export const catalog = defineService({ name: 'catalog', configSchema, build: buildApp });
