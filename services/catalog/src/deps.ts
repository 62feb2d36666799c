import type { BrandsAndCategoriesCommands } from './brands-and-categories.module';
import type { ChannelsCommands } from './channels.module';
import type { ProductsCommands } from './products.module';
import type { SourcesAndImportsCommands } from './sources-and-imports.module';
import type { StorefrontCommands } from './storefront.module';

/**
 * What the catalog's modules give their routes (built in app.ts), by module: commands only.
 * Stores and queries stay behind them, so a route never composes a rule of its own.
 */
export interface CatalogDeps {
  products: ProductsCommands;
  brandsAndCategories: BrandsAndCategoriesCommands;
  channels: ChannelsCommands;
  sourcesAndImports: SourcesAndImportsCommands;
  storefront: StorefrontCommands;
}
