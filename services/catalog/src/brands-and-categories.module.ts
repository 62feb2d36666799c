import type { Router } from 'express';
import type { OutboxRelay, ServiceContext } from '@stockyard/service-kit';
import { BrandCommands } from './commands/brand-commands';
import { CategoryCommands } from './commands/category-commands';
import { CategoryLifecycleCommands } from './commands/category-lifecycle-commands';
import type { Config } from './config';
import { brandsRoutes } from './http/brands.routes';
import { categoriesRoutes } from './http/categories.routes';
import { brandModel } from './store/brand.model';
import { BrandRepository } from './store/brand.repository';
import { categoryModel } from './store/category.model';
import { CategoryRepository } from './store/category.repository';
import type { ProductWriter } from './commands/product-writer';
import type { ProductQueries } from './store/product.queries';

/** What brands and categories ask of products: which name them, and the writer that re-enriches them. */
export interface BrandsAndCategoriesNeeds {
  queries: ProductQueries;
  /** The products' writer, built after this module (it checks products' references against these stores). */
  writer: () => ProductWriter;
}

/**
 * Brands and categories: their stores (the products' writer checks a product's references
 * against them), commands and routes.
 */
export function brandsAndCategoriesModule(
  { connection }: ServiceContext<Config>,
  relay: OutboxRelay,
  { queries, writer }: BrandsAndCategoriesNeeds,
) {
  const brands = new BrandRepository(brandModel(connection), relay);
  const categories = new CategoryRepository(categoryModel(connection), relay);
  let categoryCommands: CategoryCommands | undefined;
  const commands = {
    brands: new BrandCommands(brands, queries),
    categories: new CategoryLifecycleCommands(categories, queries),
    /** A category's update (its products' `enriched` follow a template change, in one batched change). */
    get categoryCommands() {
      return (categoryCommands ??= new CategoryCommands(categories, queries, writer()));
    },
  };
  return {
    commands,
    stores: { brands, categories },
    mount: (router: Router) => {
      brandsRoutes(router, commands);
      categoriesRoutes(router, commands);
    },
  };
}
/** What the brands' and categories' routes are given: commands only. */
export type BrandsAndCategoriesCommands = ReturnType<typeof brandsAndCategoriesModule>['commands'];
