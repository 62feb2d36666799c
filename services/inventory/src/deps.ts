import type { PlacesCommands } from './places.module';
import type { StockModuleCommands } from './stock.module';

/** What the inventory's modules give their routes and consumers (built in app.ts), by module: commands and queries. */
export interface InventoryDeps {
  places: PlacesCommands;
  stock: StockModuleCommands;
}
