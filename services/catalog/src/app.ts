import { assemble, defineService, outboxRelay, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { CategoryCommands } from './commands/category-commands';
import { configSchema, type Config } from './config';
import type { CatalogDeps } from './deps';
import { brandsRoutes } from './http/brands.routes';
import { categoriesRoutes } from './http/categories.routes';
import { pendingRoutes } from './http/pending.routes';
import { NO_HOLDS, NO_LISTINGS } from './ports';
import { brandModel } from './store/brand.model';
import { BrandRepository } from './store/brand.repository';
import { categoryModel } from './store/category.model';
import { CategoryRepository } from './store/category.repository';
import { productModel } from './store/product.model';
import { ProductQueries } from './store/product.queries';
import { productStore } from './store/product.store';

export function buildApp(ctx: ServiceContext<Config>) {
  const { connection } = ctx;
  // models
  const productDocs = productModel(connection);
  // stores
  const relay = outboxRelay(ctx, [productDocs]);
  const products = productStore(productDocs, relay);
  const productQueries = new ProductQueries(productDocs);
  const brands = new BrandRepository(brandModel(connection), relay);
  const categories = new CategoryRepository(categoryModel(connection), relay);
  // commands
  const categoryCommands = new CategoryCommands(categories, productQueries, async () => {});
  const deps: CatalogDeps = {
    brands,
    categories,
    categoryCommands,
    products,
    productQueries,
    listings: NO_LISTINGS,
    holds: NO_HOLDS,
  };
  // routes
  const app = serviceApp(ctx, {
    api: (router) => {
      pendingRoutes(router);
      brandsRoutes(router, deps);
      categoriesRoutes(router, deps);
    },
  });
  // consumers, relay
  return assemble(ctx, { app, deps, relay });
}

export const catalog = defineService({ name: 'catalog', configSchema, build: buildApp });
