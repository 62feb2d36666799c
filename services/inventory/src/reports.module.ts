import type { ServiceContext, ServiceModule } from '@stockyard/service-kit';
import { SnapshotRefresher } from '@stockyard/service-kit/store';
import { CogsReports } from './commands/cogs-report';
import { ReorderSuggestionQueries } from './commands/reorder-suggestions';
import { StockReports } from './commands/stock-reports';
import type { Config } from './config';
import type { ReportsGiven, StockForReports } from './deps';
import { stockReportsRoutes } from './http/stock-reports.routes';
import type { CatalogSuppliers } from './peers/catalog-suppliers';
import type { PurchasingOnOrder } from './peers/purchasing-on-order';
import type { InventorySettingsReads } from './store/inventory-settings.repository';
import type { VariantGroupings } from './store/variant-groupings';
import type { VariantRepository } from './store/variant.repository';
import type { WarehouseRepository } from './store/warehouse.repository';

/** What the reports read of the other modules. */
interface ReportsNeeds {
  stock: StockForReports;
  warehouses: WarehouseRepository;
  variants: VariantRepository;
  /** Every variant's product and categories (the valuation by product or category, COGS by product). */
  groupings: VariantGroupings;
  settings: InventorySettingsReads;
  /** The catalog's suppliers of variants (reorder suggestions). */
  suppliers: CatalogSuppliers;
  /** What purchasing has on order of variants (reorder suggestions' `incoming`). */
  onOrder: PurchasingOnOrder;
}

/**
 * The stock reports (issue #42): valuation as of a moment, a variant's stock on a past moment, aging, cost of
 * goods sold, reorder suggestions; routes, and the refresher of the snapshots they read (aging, groupings).
 */
export function reportsModule(
  { config, logger }: ServiceContext<Config>,
  needs: ReportsNeeds,
): ServiceModule<ReportsGiven> {
  const { stock, warehouses, variants, groupings, settings, suppliers, onOrder } = needs;
  const given = {
    reports: new StockReports({ ...stock, groupings }, variants, warehouses, settings),
    cogs: new CogsReports(stock.valuations, groupings, settings),
    suggestions: new ReorderSuggestionQueries(stock.stock, warehouses, variants, stock.movements, suppliers, onOrder),
  };
  return {
    given,
    parts: [new SnapshotRefresher([stock.aging, groupings], config.SNAPSHOT_REFRESH_MS, logger)],
    api: (router) => stockReportsRoutes(router, given),
  };
}
