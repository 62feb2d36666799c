import type { ChannelCommands } from './commands/channel-commands';
import type { ImportCommands } from './commands/import-commands';
import type { SourceCommands } from './commands/source-commands';
import type { SourceProductCommands } from './commands/source-product-commands';
import type { SourceSkuCommands } from './commands/source-sku-commands';
import type { BulkCommands } from './commands/bulk-commands';
import type { CategoryCommands } from './commands/category-commands';
import type { ConversionCommands } from './commands/conversion-commands';
import type { FamilyCommands } from './commands/family-commands';
import type { InternalReads } from './commands/internal-reads';
import type { ProductCommands } from './commands/product-commands';
import type { ProductReports } from './commands/product-reports';
import type { ProductWriter } from './commands/product-writer';
import type { VariantCommands } from './commands/variant-commands';
import type { HoldLookup, ListingLookup, StockLookup } from './ports';
import type { BrandRepository } from './store/brand.repository';
import type { CategoryRepository } from './store/category.repository';
import type { ProductQueries } from './store/product.queries';
import type { SkuRegistry } from './store/sku-registry';
import type { VariantRefs } from './store/variant-refs';

/** What the catalog's routes and handlers are given (built in app.ts). */
export interface CatalogDeps {
  // products side (issue #17)
  brands: BrandRepository;
  categories: CategoryRepository;
  categoryCommands: CategoryCommands;
  /** Every product write (SKU claims, checks, events); `writer.store` is the product store. */
  writer: ProductWriter;
  products: ProductCommands;
  variants: VariantCommands;
  families: FamilyCommands;
  reports: ProductReports;
  conversions: ConversionCommands;
  bulk: BulkCommands;
  internalReads: InternalReads;
  productQueries: ProductQueries;
  skus: SkuRegistry;
  variantRefs: VariantRefs;
  /** The channels side's listings; `NO_LISTINGS` until issue #18 wires its own. */
  listings: ListingLookup;
  holds: HoldLookup;
  /** Inventory's stock (its internal read; 503 `dependency_unavailable` when it is down). */
  stock: StockLookup;
  // channels and sources side (issue #18)
  channels: ChannelCommands;
  sources: SourceCommands;
  sourceSkus: SourceSkuCommands;
  imports: ImportCommands;
  sourceProducts: SourceProductCommands;
}
