import { assemble, defineService, outboxRelay, serviceApp, type ServiceContext } from '@stockyard/service-kit';
import { channelsSide, channelsSideModels } from './channels-side';
import { BrandCommands } from './commands/brand-commands';
import { BulkCommands } from './commands/bulk-commands';
import { CategoryCommands } from './commands/category-commands';
import { CategoryLifecycleCommands } from './commands/category-lifecycle-commands';
import { ComponentCheck } from './commands/component-check';
import { ConversionCommands } from './commands/conversion-commands';
import { FamilyCommands } from './commands/family-commands';
import { InternalReads } from './commands/internal-reads';
import { ProductCommands } from './commands/product-commands';
import { ProductReports } from './commands/product-reports';
import { ProductWriter } from './commands/product-writer';
import { VariantCommands } from './commands/variant-commands';
import { configSchema, type Config } from './config';
import type { CatalogDeps } from './deps';
import { brandsRoutes } from './http/brands.routes';
import { categoriesRoutes } from './http/categories.routes';
import { channelProductsRoutes } from './http/channel-products.routes';
import { channelsRoutes } from './http/channels.routes';
import { channelsInternalRoutes } from './http/channels-internal.routes';
import { importsRoutes } from './http/imports.routes';
import { productsRoutes } from './http/products.routes';
import { sourcesRoutes } from './http/sources.routes';
import { variantsInternalRoutes } from './http/variants-internal.routes';
import { variantsRoutes } from './http/variants.routes';
import { inventoryStock } from './peers/inventory-stock';
import { NO_HOLDS } from './ports';
import { brandModel } from './store/brand.model';
import { BrandRepository } from './store/brand.repository';
import { categoryModel } from './store/category.model';
import { CategoryRepository } from './store/category.repository';
import { ComponentUses } from './store/component-uses';
import { listingModel } from './store/listing.model';
import { ListingRepository } from './store/listing.repository';
import { COMPONENT_USES_CHANGED } from './domain/component-uses';
import { SEARCH_TERMS_CHANGED } from './domain/product-search';
import { productModel } from './store/product.model';
import { ProductQueries } from './store/product.queries';
import { ProductSearch } from './store/product-search';
import { TermIndexRebuild } from './store/term-index-rebuild';
import { productStore } from './store/product.store';
import { skuClaimModel } from './store/sku-claim.model';
import { SkuRegistry } from './store/sku-registry';
import { skuSequenceModel } from './store/sku-sequence.model';
import { variantRefModel } from './store/variant-ref.model';
import { VariantRefs } from './store/variant-refs';

export function buildApp(ctx: ServiceContext<Config>) {
  const { connection } = ctx;
  // models
  const productDocs = productModel(connection);
  const channelsDocs = channelsSideModels(ctx);
  // stores: the search and component-use indexes are the catalog's own projections, so the
  // relay applies their updates here instead of sending them round the broker.
  const search = new ProductSearch(connection);
  const uses = new ComponentUses(connection);
  const relay = outboxRelay(ctx, [productDocs, ...Object.values(channelsDocs)], {
    [SEARCH_TERMS_CHANGED]: (event) => search.applyIfNew(event),
    [COMPONENT_USES_CHANGED]: (event) => uses.applyIfNew(event),
  });
  const store = productStore(productDocs, relay);
  const productQueries = new ProductQueries(productDocs, search, uses);
  const rebuild = new TermIndexRebuild(connection, productDocs, [search, uses], ctx.logger);
  const skus = new SkuRegistry(skuClaimModel(connection), skuSequenceModel(connection), productDocs);
  const variantRefs = new VariantRefs(variantRefModel(connection));
  const brands = new BrandRepository(brandModel(connection), relay);
  const categories = new CategoryRepository(categoryModel(connection), relay);
  const listings = new ListingRepository(listingModel(connection));
  const peers = { stock: inventoryStock(ctx.config), holds: NO_HOLDS, listings };
  // commands
  const components = new ComponentCheck(store, variantRefs, uses);
  const writer = new ProductWriter(store, skus, variantRefs, components, brands, categories, [search, uses]);
  const products = new ProductCommands(writer, skus, productQueries, listings, peers.stock);
  const channels = channelsSide(ctx, channelsDocs, relay, { writer, variantRefs, listings });
  const deps: CatalogDeps = {
    brands: new BrandCommands(brands, productQueries),
    categories: new CategoryLifecycleCommands(categories, productQueries),
    categoryCommands: new CategoryCommands(categories, productQueries, writer),
    products,
    variants: new VariantCommands(writer, skus, variantRefs, productQueries),
    families: new FamilyCommands(writer, skus, productQueries, products),
    reports: new ProductReports(writer, productQueries, categories),
    conversions: new ConversionCommands(writer, productQueries, products, peers),
    bulk: new BulkCommands(writer, products, productQueries),
    internalReads: new InternalReads(components, skus),
    ...channels.deps,
  };
  // routes (the table's catalog rows not bound here, the storefront's, answer 501)
  const app = serviceApp(ctx, {
    service: 'catalog',
    api: (router) => {
      channelProductsRoutes(router, deps); // before /products/:id
      channelsRoutes(router, deps);
      sourcesRoutes(router, deps);
      importsRoutes(router, deps);
      brandsRoutes(router, deps);
      categoriesRoutes(router, deps);
      productsRoutes(router, deps);
      variantsRoutes(router, deps);
    },
    internal: (router) => {
      variantsInternalRoutes(router, deps);
      channelsInternalRoutes(router, deps);
    },
  });
  // consumers, relay
  return assemble(ctx, { app, deps, relay, parts: [rebuild, channels.runner] });
}

export const catalog = defineService({ name: 'catalog', configSchema, build: buildApp });
