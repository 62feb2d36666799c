import type { BundleAvailability } from './commands/bundle-availability';
import type { CountCommands } from './commands/count-commands';
import type { InternalCommands } from './commands/internal-commands';
import type { StockCommands } from './commands/stock-commands';
import type { StockQueries } from './commands/stock-queries';
import type { BundleRepository } from './store/bundle.repository';
import type { Ledger } from './store/ledger';
import type { MovementRepository } from './store/movement.repository';
import type { StockRepository } from './store/stock.repository';
import type { VariantRepository } from './store/variant.repository';
import type { PlaceCaches, WarehouseRepository } from './store/warehouse.repository';

/** What the inventory service's routes and handlers are given (built in app.ts). */
export interface InventoryDeps {
  stock: StockRepository;
  warehouses: WarehouseRepository;
  movements: MovementRepository;
  ledger: Ledger;
  variants: VariantRepository;
  commands: StockCommands;
  counts: CountCommands;
  internal: InternalCommands;
  queries: StockQueries;
  places: PlaceCaches;
  bundles: BundleRepository;
  bundleAvailability: BundleAvailability;
}
