import type { OutboxRelay, ServiceContext, ServiceModule } from '@stockyard/service-kit';
import { BulkCommands } from './commands/bulk-commands';
import { ComponentCheck } from './commands/component-check';
import { ConversionCommands } from './commands/conversion-commands';
import { FamilyCommands } from './commands/family-commands';
import { InternalReads } from './commands/internal-reads';
import { ProductCommands } from './commands/product-commands';
import { ProductReports } from './commands/product-reports';
import { DataHealthReports } from './commands/data-health-reports';
import { DefaultRetirement } from './commands/default-retirement';
import { DefaultVariantSweep } from './commands/default-variant-sweep';
import { DefaultVariantUse } from './commands/default-variant-use';
import { ProductWriter } from './commands/product-writer';
import { VariantCommands } from './commands/variant-commands';
import type { Config } from './config';
import type { ProductsGiven, ProductsTestHooks, ProductWrites } from './deps';
import { exportRowsRoutes } from './http/export-rows.routes';
import { productsRoutes } from './http/products.routes';
import { variantsInternalRoutes } from './http/variants-internal.routes';
import { variantsRoutes } from './http/variants.routes';
import { inventoryStock } from './peers/inventory-stock';
import { NO_HOLDS, type HoldLookup, type ListingLookup } from './ports';
import type { BrandReads } from './store/brand.repository';
import type { CategoryReads } from './store/category.repository';
import { ComponentUses } from './store/component-uses';
import { DefaultVariantReviews } from './store/default-variant-reviews';
import { defaultsBesideVariants } from './store/default-variant-scan';
import { productModel } from './store/product.model';
import { healthReportModel } from './store/health-report.model';
import { ProductQueries } from './store/product.queries';
import { ProductSearch } from './store/product-search';
import { productStore, type ProductStore } from './store/product.store';
import { skuClaimModel } from './store/sku-claim.model';
import { SkuRegistry } from './store/sku-registry';
import { skuSequenceModel } from './store/sku-sequence.model';
import { TermIndexRebuild } from './store/term-index-rebuild';
import { variantRefModel } from './store/variant-ref.model';
import { VariantRefs } from './store/variant-refs';
import { VariantList } from './store/variant-list';

/**
 * The products' documents, their projections (the search and component-use indexes, the
 * variant list: the product store keeps them) and queries, built before the modules: brands,
 * categories and the storefront read products through the queries.
 */
export function productReadSide({ connection }: ServiceContext<Config>) {
  const docs = productModel(connection);
  const projections = {
    search: new ProductSearch(connection),
    uses: new ComponentUses(connection),
    variantList: new VariantList(connection, docs),
  };
  const { search, uses, variantList } = projections;
  return { docs, projections, queries: new ProductQueries(docs, search, uses, variantList) };
}
type ProductReadSide = ReturnType<typeof productReadSide>;

/** What the products module reads of others: brands and categories (a product names them), channel listings. */
interface ProductsNeeds {
  brands: BrandReads;
  categories: CategoryReads;
  listings: ListingLookup;
  /** Orders' open holds (app.ts wires orders' internal read; NO_HOLDS when absent). */
  holds?: HoldLookup;
}

/**
 * Products and variants: their stores, the writer every product change goes through (the
 * channels and sources modules write products with it too), commands and routes. The term
 * index rebuild is a part of the service (started before the consumers and the relay).
 */
export function productsModule(
  ctx: ServiceContext<Config>,
  relay: OutboxRelay,
  reads: ProductReadSide,
  needs: ProductsNeeds,
): ServiceModule<ProductsGiven & ProductsTestHooks> & { writes: ProductWrites } {
  const { connection, logger } = ctx;
  const { docs, projections, queries } = reads;
  const { search, uses, variantList } = projections;
  const skus = new SkuRegistry(skuClaimModel(connection), skuSequenceModel(connection), docs);
  const store = productStore(docs, relay, skus.claims, projections);
  const variantRefs = new VariantRefs(variantRefModel(connection));
  const peers = { stock: inventoryStock(ctx.config), holds: needs.holds ?? NO_HOLDS, listings: needs.listings };
  const components = new ComponentCheck(store, variantRefs, uses);
  const writer = new ProductWriter(store, skus, variantRefs, components, needs.brands, needs.categories);
  const health = new DataHealthReports(healthReportModel(connection), queries, ctx.config.DATA_HEALTH_WAIT_MS, logger);
  const reviews = new DefaultVariantReviews(connection);
  const retirement = new DefaultRetirement(writer, new DefaultVariantUse(peers, queries), reviews, logger);
  const scan = () => defaultsBesideVariants(docs);
  const sweep = new DefaultVariantSweep(retirement, reviews, scan, ctx.config.DEFAULT_VARIANT_SWEEP_MS, logger);
  const given = productsGiven({
    health,
    store,
    writer,
    skus,
    variantRefs,
    components,
    queries,
    peers,
    categories: needs.categories,
    bulkPage: ctx.config.BULK_PAGE_PRODUCTS,
    retirement,
    sweep,
  });
  return {
    given,
    /** What the channels, sources and storefront modules write products with. */
    writes: { store, writer, variantRefs },
    parts: [
      health,
      sweep,
      new TermIndexRebuild(connection, docs, [search, uses], logger),
      new TermIndexRebuild(connection, docs, [variantList, variantList.searchRebuild], logger, 'variant_list_builds'),
    ],
    api: (router) => {
      productsRoutes(router, given);
      variantsRoutes(router, given);
    },
    internal: (router) => {
      variantsInternalRoutes(router, given);
      exportRowsRoutes(router, given);
    },
  };
}

function productsGiven(p: {
  health: DataHealthReports;
  store: ProductStore;
  writer: ProductWriter;
  skus: SkuRegistry;
  variantRefs: VariantRefs;
  components: ComponentCheck;
  queries: ProductQueries;
  peers: ConstructorParameters<typeof ConversionCommands>[3];
  categories: CategoryReads;
  bulkPage: number;
  retirement: DefaultRetirement;
  sweep: DefaultVariantSweep;
}): ProductsGiven & ProductsTestHooks {
  const { store, writer, skus, queries, peers } = p;
  const products = new ProductCommands(writer, skus, queries, peers.listings, peers.stock);
  return {
    products,
    variants: new VariantCommands(store, writer, skus, p.variantRefs, queries, p.retirement),
    families: new FamilyCommands(writer, skus, queries, products),
    reports: new ProductReports(writer, queries, p.categories, p.health),
    conversions: new ConversionCommands(writer, queries, products, peers),
    bulk: new BulkCommands(store, writer, queries, p.bulkPage),
    internalReads: new InternalReads(p.components, skus),
    // What tests reach besides (ProductsTestHooks).
    defaultVariants: p.sweep,
  };
}
