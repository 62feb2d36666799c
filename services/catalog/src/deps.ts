import type { CategoryCommands } from './commands/category-commands';
import type { HoldLookup, ListingLookup } from './ports';
import type { BrandRepository } from './store/brand.repository';
import type { CategoryRepository } from './store/category.repository';
import type { ProductQueries } from './store/product.queries';
import type { ProductStore } from './store/product.store';

/** What the catalog's routes and handlers are given (built in app.ts). */
export interface CatalogDeps {
  // products side (issue #17)
  brands: BrandRepository;
  categories: CategoryRepository;
  categoryCommands: CategoryCommands;
  products: ProductStore;
  productQueries: ProductQueries;
  /** The channels side's listings; `NO_LISTINGS` until issue #18 wires its own. */
  listings: ListingLookup;
  holds: HoldLookup;
  // channels and sources side (issue #18)
}
