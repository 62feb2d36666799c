import type { BinCommands } from './commands/bin-commands';
import type { BundleAvailability } from './commands/bundle-availability';
import type { CountCommands } from './commands/count-commands';
import type { InternalCommands } from './commands/internal-commands';
import type { StockCommands } from './commands/stock-commands';
import type { StockQueries } from './commands/stock-queries';
import type { WarehouseCommands } from './commands/warehouse-commands';

/** What the inventory service's routes and handlers are given (built in app.ts): commands and queries only. */
export interface InventoryDeps {
  warehouses: WarehouseCommands;
  bins: BinCommands;
  commands: StockCommands;
  counts: CountCommands;
  internal: InternalCommands;
  queries: StockQueries;
  bundleAvailability: BundleAvailability;
}
