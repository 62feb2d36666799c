import type { BrandCommands } from './commands/brand-commands';
import type { BulkCommands } from './commands/bulk-commands';
import type { CategoryCommands } from './commands/category-commands';
import type { CategoryLifecycleCommands } from './commands/category-lifecycle-commands';
import type { ChannelCommands } from './commands/channel-commands';
import type { ConversionCommands } from './commands/conversion-commands';
import type { FamilyCommands } from './commands/family-commands';
import type { ImportCommands } from './commands/import-commands';
import type { InternalReads } from './commands/internal-reads';
import type { ProductCommands } from './commands/product-commands';
import type { ProductReports } from './commands/product-reports';
import type { SourceCommands } from './commands/source-commands';
import type { SourceProductCommands } from './commands/source-product-commands';
import type { SourceSkuCommands } from './commands/source-sku-commands';
import type { VariantCommands } from './commands/variant-commands';

/**
 * What the catalog's routes are given (built in app.ts): commands only. Stores and queries
 * stay behind them, so a route never composes a rule of its own.
 */
export interface CatalogDeps {
  // products side (issue #17)
  brands: BrandCommands;
  categories: CategoryLifecycleCommands;
  /** A category's update (its products' `enriched` follow a template change). */
  categoryCommands: CategoryCommands;
  products: ProductCommands;
  variants: VariantCommands;
  families: FamilyCommands;
  reports: ProductReports;
  conversions: ConversionCommands;
  bulk: BulkCommands;
  internalReads: InternalReads;
  // channels and sources side (issue #18)
  channels: ChannelCommands;
  sources: SourceCommands;
  sourceSkus: SourceSkuCommands;
  imports: ImportCommands;
  sourceProducts: SourceProductCommands;
}
