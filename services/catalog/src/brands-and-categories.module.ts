import { subscription, type OutboxRelay, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { BrandCommands } from './commands/brand-commands';
import { CategoryEnrichment } from './commands/category-enrichment';
import { CategoryLifecycleCommands } from './commands/category-lifecycle-commands';
import type { Config } from './config';
import type { BrandsAndCategoriesGiven } from './deps';
import {
  CATEGORY_TEMPLATE_EVENTS,
  categoryTemplateChangedHandler,
} from './events/handlers/category-template-changed.handler';
import { brandsRoutes } from './http/brands.routes';
import { categoriesRoutes } from './http/categories.routes';
import { brandModel } from './store/brand.model';
import { BrandReads, brandStore } from './store/brand.repository';
import { categoryModel } from './store/category.model';
import { CategoryReads, categoryStore } from './store/category.repository';
import type { ProductWriter } from './commands/product-writer';
import type { ProductQueries } from './store/product.queries';

/** What brands and categories ask of products: which name them, and the writer that re-enriches them. */
interface BrandsAndCategoriesNeeds {
  queries: ProductQueries;
  /** The products' writer, built after this module (it checks products' references against these reads). */
  writer: () => ProductWriter;
}

/**
 * Brands and categories: their stores and reads (the products' writer checks a product's
 * references against them), commands, routes, and the job that settles a category's products on its
 * changed template (a subscription to the catalog's own `category.template_changed`).
 */
export function brandsAndCategoriesModule(
  { connection }: ServiceContext<Config>,
  relay: OutboxRelay,
  { queries, writer }: BrandsAndCategoriesNeeds,
): ServiceModule<BrandsAndCategoriesGiven> & { reads: { brands: BrandReads; categories: CategoryReads } } {
  const brandDocs = brandModel(connection);
  const brandsStore = brandStore(brandDocs);
  const brands = new BrandReads(brandDocs, brandsStore);
  const categoryDocs = categoryModel(connection);
  const categoriesStore = categoryStore(categoryDocs, relay);
  const categories = new CategoryReads(categoryDocs, categoriesStore);
  const given = {
    brands: new BrandCommands(brandsStore, brands, queries),
    categories: new CategoryLifecycleCommands(categoriesStore, categories, queries),
  };
  const enrichment = subscription({
    queue: 'catalog.category-enrichment',
    events: CATEGORY_TEMPLATE_EVENTS,
    handler: categoryTemplateChangedHandler(new CategoryEnrichment(categoriesStore, categories, queries, writer)),
  });
  return {
    given,
    /** What the products' writer checks a product's brand and category against. */
    reads: { brands, categories },
    api: (router) => {
      brandsRoutes(router, given);
      categoriesRoutes(router, given);
    },
    subscriptions: [enrichment],
  };
}
