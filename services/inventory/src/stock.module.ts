import { subscription, type OutboxRelay, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { BundleAvailability } from './commands/bundle-availability';
import { CountCommands } from './commands/count-commands';
import { InternalCommands } from './commands/internal-commands';
import { ReorderLevelQueries } from './commands/reorder-levels';
import { StockCommands } from './commands/stock-commands';
import { StockQueries } from './commands/stock-queries';
import type { VariantCheck } from './commands/variant-check';
import type { Config } from './config';
import type { StockForPlaces, StockForReports, StockGiven } from './deps';
import { MOVEMENT_RECORDED } from './domain/level-change';
import { BUNDLE_EVENTS, bundleAvailabilityHandler } from './events/handlers/bundle-availability.handler';
import { LINE_COST_EVENTS, lineCostAppliedHandler } from './events/handlers/line-cost-applied.handler';
import { movementRecordedHandler } from './events/handlers/movement-recorded.handler';
import { exportRowsRoutes } from './http/export-rows.routes';
import { internalRoutes } from './http/internal.routes';
import { reorderLevelsRoutes } from './http/reorder-levels.routes';
import { stockOnHandRoutes } from './http/stock-on-hand.routes';
import { stockRoutes } from './http/stock.routes';
import { warehouseStockRoutes } from './http/warehouse-stock.routes';
import { bundleModel } from './store/bundle.model';
import type { BinRepository } from './store/bin.repository';
import type { InventorySettingsReads } from './store/inventory-settings.repository';
import { BundleRepository, bundleStore } from './store/bundle.repository';
import { Ledger } from './store/ledger';
import { levelPlaces, LevelPlacesRebuild } from './store/level-places';
import { movementModel } from './store/movement.model';
import { MovementRepository } from './store/movement.repository';
import { OperationRepository } from './store/operation.repository';
import { ReorderPointAdoption } from './store/reorder-point-adoption';
import { stockLevelModel } from './store/stock-level.model';
import { StockRepository, stockLevelStore } from './store/stock.repository';
import { valuationEntryModel } from './store/valuation-entry.model';
import { ReservedHistory, ReservedLedger, ReservedLedgerOpening, reservedEntryModel } from './store/reserved-ledger';
import { ValuationLedger } from './store/valuation-ledger';
import { valuationDayModels } from './store/valuation-day.model';
import { ValuationCloser } from './store/valuation-closer';
import { agingSnapshots } from './store/aging-snapshots';
import { LevelAgeRows } from './store/level-age-rows';
import { ValuationDays } from './store/valuation-days';
import { ValuationReads } from './store/valuation-reads';
import type { VariantRepository } from './store/variant.repository';
import type { WarehouseRepository } from './store/warehouse.repository';

/**
 * What stock reads of the other modules: places (every change checks its place), variants, and
 * the organization's costing method (every costed change follows it).
 */
interface StockNeeds {
  places: { warehouseReads: WarehouseRepository; binReads: BinRepository };
  variants: VariantRepository;
  check: VariantCheck;
  settings: Pick<InventorySettingsReads, 'costingMethod'>;
}

/**
 * Stock levels, their movements (the ledger), counts, the internal operations other services
 * move stock with, and bundles (their availability follows their components' stock, and the
 * stock reads show it): stores, commands, routes (partner and internal) and consumers.
 */
export function stockModule(
  { connection, config, logger }: ServiceContext<Config>,
  relay: OutboxRelay,
  needs: StockNeeds,
): ServiceModule<StockGiven> & { forPlaces: StockForPlaces; forReports: StockForReports } {
  const { warehouseReads, binReads } = needs.places;
  const levelDocs = stockLevelModel(connection);
  const bundleDocs = bundleModel(connection);
  const movementDocs = movementModel(connection);
  const ledger = new Ledger(movementDocs);
  const places = levelPlaces(connection);
  const valuationDocs = valuationEntryModel(connection);
  const dayModels = valuationDayModels(connection);
  const valuationDays = new ValuationDays({ entries: valuationDocs, ...dayModels });
  const valuations = new ValuationLedger(valuationDocs, valuationDays);
  const reservedDocs = reservedEntryModel(connection);
  const reserved = new ReservedLedger(reservedDocs);
  const levels = stockLevelStore(levelDocs, relay, { places, ledger, valuations, reserved });
  const stock = new StockRepository(levels, levelDocs, places);
  const aging = agingSnapshots(connection, new LevelAgeRows(levelDocs));
  const bundles = new BundleRepository(bundleDocs);
  const movements = new MovementRepository(movementDocs);
  const commands = new StockCommands(
    levels,
    stock,
    warehouseReads,
    binReads,
    ledger,
    needs.check,
    new OperationRepository(connection),
    needs.settings,
  );
  const bundleAvailability = new BundleAvailability(bundleStore(bundleDocs, relay), bundles, stock);
  const given = {
    commands,
    counts: new CountCommands(commands),
    internal: new InternalCommands(commands, commands.operations),
    queries: new StockQueries(stock, warehouseReads, binReads, needs.variants, movements, bundles),
    reorderLevels: new ReorderLevelQueries(stock, warehouseReads),
  };
  const subscriptions = [
    // Copies of the ledger event that replicas older than the relay's local handler
    // published (a rolling deploy). The row's id is the movement's, so a copy inserts
    // nothing: no processed_events record needed.
    subscription({
      queue: 'inventory.movements',
      events: [MOVEMENT_RECORDED],
      handler: movementRecordedHandler(ledger),
      dedupe: false,
    }),
    subscription({
      queue: 'inventory.bundles',
      events: BUNDLE_EVENTS,
      handler: bundleAvailabilityHandler(bundleAvailability),
      // Recomputing is idempotent: no processed_events write per stock change.
      dedupe: false,
    }),
    // Invoicing's landed costs and invoice variances onto the lines' cost layers; each level records
    // the revision it applied. The queue keeps its first name (a rename would strand its messages).
    subscription({
      queue: 'inventory.landed-costs',
      events: LINE_COST_EVENTS,
      handler: lineCostAppliedHandler(commands),
    }),
  ];
  return {
    given,
    /** What the places' commands need: a warehouse's stock, and moving a bin's. */
    forPlaces: { stock, commands },
    /** What the reports and the settings read: the levels (their cost pools), the valuation ledger and the ledger. */
    forReports: {
      stock,
      aging,
      valuations: new ValuationReads(valuationDocs, valuationDays),
      reserved: new ReservedHistory(connection, reservedDocs),
      movements,
    },
    subscriptions,
    /** Before requests: reorder points and place index rows of levels written before they were kept. */
    parts: [
      new ReorderPointAdoption(connection, levelDocs, levels),
      new LevelPlacesRebuild(connection, levelDocs, places),
      new ReservedLedgerOpening(connection, levelDocs, reservedDocs),
      new ValuationCloser(valuationDays, dayModels.closes, config.VALUATION_CLOSE_MS, logger),
    ],
    api: (router) => {
      stockRoutes(router, given);
      warehouseStockRoutes(router, given);
    },
    internal: (router) => {
      internalRoutes(router, given);
      stockOnHandRoutes(router, given);
      reorderLevelsRoutes(router, given);
      exportRowsRoutes(router, given);
    },
  };
}
