import type { BrandCommands } from './commands/brand-commands';
import type { BulkCommands } from './commands/bulk-commands';
import type { CategoryLifecycleCommands } from './commands/category-lifecycle-commands';
import type { ChannelCommands } from './commands/channel-commands';
import type { ChannelFeeds } from './commands/channel-feeds';
import type { ConversionCommands } from './commands/conversion-commands';
import type { DefaultVariantSweep } from './commands/default-variant-sweep';
import type { FamilyCommands } from './commands/family-commands';
import type { ImportCommands } from './commands/import-commands';
import type { InternalReads } from './commands/internal-reads';
import type { ProductCommands } from './commands/product-commands';
import type { ProductReports } from './commands/product-reports';
import type { ProductWriter } from './commands/product-writer';
import type { SourceCommands } from './commands/source-commands';
import type { SourceInternalReads } from './commands/source-internal-reads';
import type { SourceProductCommands } from './commands/source-product-commands';
import type { SourceSkuCommands } from './commands/source-sku-commands';
import type { StorefrontReads } from './commands/storefront-reads';
import type { VariantCommands } from './commands/variant-commands';
import type { ProductStore } from './store/product.store';
import type { VariantRefs } from './store/variant-refs';

/**
 * What the products module gives its routes. Each module's routes get commands only: stores and
 * queries stay behind them, so a route never composes a rule of its own.
 */
export interface ProductsGiven {
  products: ProductCommands;
  variants: VariantCommands;
  families: FamilyCommands;
  reports: ProductReports;
  conversions: ConversionCommands;
  bulk: BulkCommands;
  /** Variants and bundles' leaves, as peers read them. */
  internalReads: InternalReads;
}

/** What tests reach in the products module: the default variants' sweep (migration and reviews), ticked by hand. */
export interface ProductsTestHooks {
  defaultVariants: Pick<DefaultVariantSweep, 'tick'>;
}

/** What the brands and categories module gives its routes. */
export interface BrandsAndCategoriesGiven {
  brands: BrandCommands;
  categories: CategoryLifecycleCommands;
}

/** What the channels module gives its routes (partner and internal). */
export interface ChannelsGiven {
  channels: ChannelCommands;
  /** The orders service's reads: listed variants (checkout), every organization's feeds, the poller's reports. */
  feeds: ChannelFeeds;
}

/** What the sources and imports module gives its routes (partner and internal). */
export interface SourcesAndImportsGiven {
  sources: SourceCommands;
  sourceSkus: SourceSkuCommands;
  imports: ImportCommands;
  /** Products made from source SKUs. */
  sourceProducts: SourceProductCommands;
  /** Sources and offers, as peers read them. */
  sourceReads: SourceInternalReads;
}

/** What the storefront module gives its routes. */
export interface StorefrontGiven {
  storefront: StorefrontReads;
}

/**
 * What the products module hands the channels, sources and storefront modules (app.ts wires it; no
 * route sees it): every product write goes through the writer, theirs too.
 */
export interface ProductWrites {
  store: ProductStore;
  writer: ProductWriter;
  variantRefs: VariantRefs;
}
