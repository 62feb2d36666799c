import type { Router } from 'express';
import { subscription, type OutboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { BrandCommands } from './commands/brand-commands';
import { CategoryEnrichment } from './commands/category-enrichment';
import { CategoryLifecycleCommands } from './commands/category-lifecycle-commands';
import type { Config } from './config';
import {
  CATEGORY_TEMPLATE_EVENTS,
  categoryTemplateChangedHandler,
} from './events/handlers/category-template-changed.handler';
import { brandsRoutes } from './http/brands.routes';
import { categoriesRoutes } from './http/categories.routes';
import { brandModel } from './store/brand.model';
import { BrandRepository } from './store/brand.repository';
import { categoryModel } from './store/category.model';
import { CategoryRepository } from './store/category.repository';
import type { ProductWriter } from './commands/product-writer';
import type { ProductQueries } from './store/product.queries';

/** The categories' documents, built before the relay: a template change leaves its job in their outbox. */
export function brandsAndCategoriesData({ connection }: ServiceContext<Config>) {
  const categories = categoryModel(connection);
  return { brands: brandModel(connection), categories, outbox: [categories] };
}
export type BrandsAndCategoriesData = ReturnType<typeof brandsAndCategoriesData>;

/** What brands and categories ask of products: which name them, and the writer that re-enriches them. */
export interface BrandsAndCategoriesNeeds {
  queries: ProductQueries;
  /** The products' writer, built after this module (it checks products' references against these stores). */
  writer: () => ProductWriter;
}

/**
 * Brands and categories: their stores (the products' writer checks a product's references
 * against them), commands, routes, and the job that settles a category's products on its
 * changed template (a subscription to the catalog's own `category.template_changed`).
 */
export function brandsAndCategoriesModule(
  relay: OutboxRelay,
  data: BrandsAndCategoriesData,
  { queries, writer }: BrandsAndCategoriesNeeds,
) {
  const brands = new BrandRepository(data.brands, relay);
  const categories = new CategoryRepository(data.categories, relay);
  const commands = {
    brands: new BrandCommands(brands, queries),
    categories: new CategoryLifecycleCommands(categories, queries),
  };
  const enrichment = new CategoryEnrichment(categories, queries, writer);
  return {
    commands,
    stores: { brands, categories },
    mount: (router: Router) => {
      brandsRoutes(router, commands);
      categoriesRoutes(router, commands);
    },
    subscriptions: [
      subscription({
        queue: 'catalog.category-enrichment',
        events: CATEGORY_TEMPLATE_EVENTS,
        handler: categoryTemplateChangedHandler(enrichment),
      }),
    ],
  };
}
/** What the brands' and categories' routes are given: commands only. */
export type BrandsAndCategoriesCommands = ReturnType<typeof brandsAndCategoriesModule>['commands'];
