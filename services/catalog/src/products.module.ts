import type { EventEnvelope } from '@stockyard/contracts';
import type { Router } from 'express';
import { type OutboxRelay, type ServiceContext } from '@stockyard/service-kit';
import { BulkCommands } from './commands/bulk-commands';
import { ComponentCheck } from './commands/component-check';
import { ConversionCommands } from './commands/conversion-commands';
import { FamilyCommands } from './commands/family-commands';
import { InternalReads } from './commands/internal-reads';
import { ProductCommands } from './commands/product-commands';
import { ProductReports } from './commands/product-reports';
import { DataHealthReports } from './commands/data-health-reports';
import { ProductWriter } from './commands/product-writer';
import { VariantCommands } from './commands/variant-commands';
import type { Config } from './config';
import { COMPONENT_USES_CHANGED } from './domain/component-uses';
import { SEARCH_TERMS_CHANGED } from './domain/product-search';
import { productsRoutes } from './http/products.routes';
import { variantsInternalRoutes } from './http/variants-internal.routes';
import { variantsRoutes } from './http/variants.routes';
import { inventoryStock } from './peers/inventory-stock';
import { NO_HOLDS, type HoldLookup, type ListingLookup } from './ports';
import type { BrandRepository } from './store/brand.repository';
import type { CategoryRepository } from './store/category.repository';
import { ComponentUses } from './store/component-uses';
import { productModel } from './store/product.model';
import { healthReportModel } from './store/health-report.model';
import { ProductQueries } from './store/product.queries';
import { ProductSearch } from './store/product-search';
import { productStore } from './store/product.store';
import { skuClaimModel } from './store/sku-claim.model';
import { SkuRegistry } from './store/sku-registry';
import { skuSequenceModel } from './store/sku-sequence.model';
import { TermIndexRebuild } from './store/term-index-rebuild';
import { variantRefModel } from './store/variant-ref.model';
import { VariantRefs } from './store/variant-refs';
import { VariantList } from './store/variant-list';
import { VARIANT_LIST_CHANGED } from './domain/variant-list';

/**
 * The products' documents and read side, built before the relay and the other modules: the
 * relay publishes from the documents and applies the search and component-use indexes and the
 * variant list here
 * (the catalog's own projections, so their updates never go round the broker); brands and
 * categories read products through the queries.
 */
export function productsData({ connection }: ServiceContext<Config>) {
  const docs = productModel(connection);
  const search = new ProductSearch(connection);
  const uses = new ComponentUses(connection);
  const variantList = new VariantList(connection, docs);
  return {
    docs,
    search,
    uses,
    variantList,
    queries: new ProductQueries(docs, search, uses, variantList),
    outbox: [docs],
    local: {
      [SEARCH_TERMS_CHANGED]: (event: EventEnvelope) => search.applyIfNew(event),
      [COMPONENT_USES_CHANGED]: (event: EventEnvelope) => uses.applyIfNew(event),
      [VARIANT_LIST_CHANGED]: (event: EventEnvelope) => variantList.applyIfNew(event),
    },
  };
}
export type ProductsData = ReturnType<typeof productsData>;

/** What the products module reads of others: brands and categories (a product names them), channel listings. */
export interface ProductsNeeds {
  brands: BrandRepository;
  categories: CategoryRepository;
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
  data: ProductsData,
  needs: ProductsNeeds,
) {
  const { connection, logger } = ctx;
  const { docs, search, uses, variantList, queries } = data;
  const skus = new SkuRegistry(skuClaimModel(connection), skuSequenceModel(connection), docs);
  const store = productStore(docs, relay, skus.claims, variantList);
  const variantRefs = new VariantRefs(variantRefModel(connection));
  const peers = { stock: inventoryStock(ctx.config), holds: needs.holds ?? NO_HOLDS, listings: needs.listings };
  const components = new ComponentCheck(store, variantRefs, uses);
  const writer = new ProductWriter(store, skus, variantRefs, components, needs.brands, needs.categories, [
    search,
    uses,
    variantList,
  ]);
  const health = new DataHealthReports(healthReportModel(connection), queries, ctx.config.DATA_HEALTH_WAIT_MS, logger);
  const commands = productsCommands({
    health,
    writer,
    skus,
    variantRefs,
    components,
    queries,
    peers,
    categories: needs.categories,
    bulkPage: ctx.config.BULK_PAGE_PRODUCTS,
  });
  return {
    commands,
    /** What the channels and sources modules write products with. */
    writes: { writer, variantRefs },
    parts: [
      health,
      new TermIndexRebuild(connection, docs, [search, uses], logger),
      new TermIndexRebuild(connection, docs, [variantList, variantList.searchRebuild], logger, 'variant_list_builds'),
    ],
    mount: (router: Router) => {
      productsRoutes(router, commands);
      variantsRoutes(router, commands);
    },
    mountInternal: (router: Router) => variantsInternalRoutes(router, commands),
  };
}
export type ProductWrites = ReturnType<typeof productsModule>['writes'];

function productsCommands(p: {
  health: DataHealthReports;
  writer: ProductWriter;
  skus: SkuRegistry;
  variantRefs: VariantRefs;
  components: ComponentCheck;
  queries: ProductQueries;
  peers: ConstructorParameters<typeof ConversionCommands>[3];
  categories: CategoryRepository;
  bulkPage: number;
}) {
  const { writer, skus, queries, peers } = p;
  const products = new ProductCommands(writer, skus, queries, peers.listings, peers.stock);
  return {
    products,
    variants: new VariantCommands(writer, skus, p.variantRefs, queries),
    families: new FamilyCommands(writer, skus, queries, products),
    reports: new ProductReports(writer, queries, p.categories, p.health),
    conversions: new ConversionCommands(writer, queries, products, peers),
    bulk: new BulkCommands(writer, queries, p.bulkPage),
    internalReads: new InternalReads(p.components, skus),
  };
}
/** What the products' routes are given: commands only. */
export type ProductsCommands = ReturnType<typeof productsCommands>;
