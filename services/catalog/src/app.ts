import { assemble, defineService, outboxRelay, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { brandsAndCategoriesModule } from './brands-and-categories.module';
import { channelsData, channelsModule } from './channels.module';
import { configSchema, type Config } from './config';
import type { CatalogDeps } from './deps';
import { productsData, productsModule } from './products.module';
import { sourcesAndImportsData, sourcesAndImportsModule } from './sources-and-imports.module';

export function buildApp(ctx: ServiceContext<Config>) {
  // Documents and read sides first: one relay publishes every module's events, and the modules
  // read one another's (products name brands and categories, channels list products).
  const data = { products: productsData(ctx), channels: channelsData(ctx), sources: sourcesAndImportsData(ctx) };
  const outbox = [...data.products.outbox, ...data.channels.outbox, ...data.sources.outbox];
  const relay = outboxRelay(ctx, outbox, data.products.local);
  // A category's template change re-enriches its products through their writer (taken per request, once built).
  const writer = () => products.writes.writer;
  const taxonomy = brandsAndCategoriesModule(ctx, relay, { queries: data.products.queries, writer });
  const needs = { ...taxonomy.stores, listings: data.channels.listings };
  const products = productsModule(ctx, relay, data.products, needs);
  const channels = channelsModule(ctx, relay, data.channels, products.writes);
  const sources = sourcesAndImportsModule(ctx, relay, data.sources, { ...products.writes, ...needs });
  const deps: CatalogDeps = {
    products: products.commands,
    brandsAndCategories: taxonomy.commands,
    channels: channels.commands,
    sourcesAndImports: sources.commands,
  };
  // Sources' routes first (their /products/... literals before /products/:id); the storefront's
  // catalog rows, bound by no module, answer 501.
  const api = [sources, channels, taxonomy, products];
  const app = serviceApp(ctx, {
    service: 'catalog',
    api: (router) => api.forEach((module) => module.mount(router)),
    internal: (router) => [products, channels, sources].forEach((module) => module.mountInternal(router)),
  });
  return assemble(ctx, { app, deps, relay, parts: [...products.parts, ...sources.parts] });
}

export const catalog = defineService({ name: 'catalog', configSchema, build: buildApp });
