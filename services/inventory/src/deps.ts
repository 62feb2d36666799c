import type { BinCommands } from './commands/bin-commands';
import type { CogsReports } from './commands/cogs-report';
import type { CountCommands } from './commands/count-commands';
import type { InternalCommands } from './commands/internal-commands';
import type { InventorySettingsCommands } from './commands/inventory-settings-commands';
import type { ReorderSuggestionQueries } from './commands/reorder-suggestions';
import type { ReorderLevelQueries } from './commands/reorder-levels';
import type { StockCommands } from './commands/stock-commands';
import type { StockQueries } from './commands/stock-queries';
import type { StockReports } from './commands/stock-reports';
import type { VariantCheck } from './commands/variant-check';
import type { VariantProductBackfill } from './commands/variant-product-backfill';
import type { WarehouseCommands } from './commands/warehouse-commands';
import type { MovementRepository } from './store/movement.repository';
import type { AgingSnapshots } from './store/aging-snapshots';
import type { StockRepository } from './store/stock.repository';
import type { ReservedHistory } from './store/reserved-ledger';
import type { ValuationReads } from './store/valuation-reads';

/** What the places module gives its routes (partner and internal). */
export interface PlacesGiven {
  warehouses: WarehouseCommands;
  bins: BinCommands;
}

/** What the stock module gives its routes (partner and internal): commands and queries. */
export interface StockGiven {
  commands: Pick<StockCommands, 'adjust' | 'transfer' | 'move' | 'setPrimaryBin' | 'updateItem'>;
  counts: CountCommands;
  /** The stock moves other services make. */
  internal: InternalCommands;
  queries: StockQueries;
  reorderLevels: ReorderLevelQueries;
}

/** What the variants module gives the stock module: the check every stock change makes. */
export interface VariantsGiven {
  check: VariantCheck;
  /** The backfill of older copies' products (tests run a pass of it). */
  backfill: Pick<VariantProductBackfill, 'tick'>;
}

/**
 * What the stock module hands the places module (app.ts wires it; no route sees it): a
 * warehouse's stock (deleting it), and clearing a bin's.
 */
export interface StockForPlaces {
  stock: Pick<StockRepository, 'inWarehouse'>;
  commands: Pick<StockCommands, 'clearBin'>;
}

/** What the settings module gives its routes: the organization's costing method and currency. */
export interface SettingsGiven {
  settings: InventorySettingsCommands;
}

/**
 * What the reports module gives its routes: the stock's value as of a moment, its age, the cost of its sales, and
 * what to reorder.
 */
export interface ReportsGiven {
  reports: StockReports;
  cogs: Pick<CogsReports, 'report'>;
  suggestions: Pick<ReorderSuggestionQueries, 'report'>;
}

/** What the stock module hands the reports and settings modules (app.ts wires it): stock at cost, and its ledgers. */
export interface StockForReports {
  stock: StockRepository;
  aging: AgingSnapshots;
  valuations: ValuationReads;
  reserved: ReservedHistory;
  movements: MovementRepository;
}
