import { parseEvent } from '@stockyard/contracts';
import {
  assemble,
  BroadcastCache,
  defineService,
  outboxRelay,
  serviceApp,
  subscription,
  type ServiceContext,
} from '@stockyard/service-kit';
import { BinCommands } from './commands/bin-commands';
import { BundleAvailability } from './commands/bundle-availability';
import { CountCommands } from './commands/count-commands';
import { InternalCommands } from './commands/internal-commands';
import { StockCommands } from './commands/stock-commands';
import { StockQueries } from './commands/stock-queries';
import { VariantCheck } from './commands/variant-check';
import { WarehouseCommands } from './commands/warehouse-commands';
import { configSchema, type Config } from './config';
import type { InventoryDeps } from './deps';
import type { BinState } from './domain/bin';
import { MOVEMENT_RECORDED } from './domain/level-change';
import type { WarehouseState } from './domain/warehouse';
import { BUNDLE_EVENTS, bundleAvailabilityHandler } from './events/handlers/bundle-availability.handler';
import { movementRecordedHandler } from './events/handlers/movement-recorded.handler';
import { VARIANT_EVENTS, variantChangedHandler } from './events/handlers/variant-changed.handler';
import { internalRoutes } from './http/internal.routes';
import { stockOnHandRoutes } from './http/stock-on-hand.routes';
import { stockRoutes } from './http/stock.routes';
import { warehouseStockRoutes } from './http/warehouse-stock.routes';
import { warehousesInternalRoutes } from './http/warehouses-internal.routes';
import { warehousesRoutes } from './http/warehouses.routes';
import { catalogVariants } from './peers/catalog-variants';
import { BinRepository, binStore } from './store/bin.repository';
import { bundleModel } from './store/bundle.model';
import { BundleRepository, bundleStore } from './store/bundle.repository';
import { LegacyAdoption } from './store/legacy-adoption';
import { Ledger } from './store/ledger';
import { movementModel } from './store/movement.model';
import { MovementRepository } from './store/movement.repository';
import { OperationRepository } from './store/operation.repository';
import { stockLevelModel } from './store/stock-level.model';
import { StockRepository, stockLevelStore } from './store/stock.repository';
import { variantModel } from './store/variant.model';
import { VariantRepository, variantStore } from './store/variant.repository';
import { WarehouseCodeClaims } from './store/warehouse-code-claims';
import { binModel, codeClaimModel, warehouseModel } from './store/warehouse.model';
import { WarehouseRepository, warehouseStore } from './store/warehouse.repository';

/** How long a replica trusts that a variant is live; a variant.deleted event drops it at once everywhere. */
const LIVE_VARIANT_TTL_MS = 5000;

export function buildApp(ctx: ServiceContext<Config>) {
  const { connection, broker, logger } = ctx;
  // models
  const levelModel = stockLevelModel(connection);
  const movementRows = movementModel(connection);
  // stores: the ledger's event is this service's own, so the relay writes the row (if the
  // request path did not) instead of sending it round the broker.
  const ledger = new Ledger(movementRows);
  const bundleDocs = bundleModel(connection);
  const relay = outboxRelay(ctx, [levelModel, bundleDocs], {
    [MOVEMENT_RECORDED]: (event) => movementRecordedHandler(ledger)(parseEvent(event, [MOVEMENT_RECORDED])),
  });
  const levels = stockLevelStore(levelModel, relay);
  const places = {
    warehouses: new BroadcastCache<WarehouseState>(broker, 'inventory.warehouses', logger),
    bins: new BroadcastCache<BinState>(broker, 'inventory.bins', logger),
  };
  const liveVariants = new BroadcastCache<true>(broker, 'inventory.variants', logger, { ttlMs: LIVE_VARIANT_TTL_MS });
  const warehouseDocs = warehouseModel(connection);
  const binDocs = binModel(connection);
  const variantDocs = variantModel(connection);
  const warehouses = warehouseStore(warehouseDocs, places);
  const bins = binStore(binDocs);
  const binReads = new BinRepository(bins, places.bins);
  const warehouseReads = new WarehouseRepository(warehouses, binReads, places);
  const codes = new WarehouseCodeClaims(codeClaimModel(connection), warehouseDocs);
  const stock = new StockRepository(levels, levelModel);
  const variants = new VariantRepository(variantStore(variantDocs), variantDocs);
  const bundles = new BundleRepository(bundleStore(bundleDocs, relay), bundleDocs);
  const movements = new MovementRepository(movementRows);
  // commands
  const variantCheck = new VariantCheck(variants, catalogVariants(ctx.config), liveVariants);
  const commands = new StockCommands(levels, stock, warehouseReads, binReads, ledger, variantCheck);
  const deps: InventoryDeps = {
    warehouses: new WarehouseCommands(warehouses, warehouseReads, codes, stock),
    bins: new BinCommands(bins, binReads, warehouseReads, commands),
    commands,
    counts: new CountCommands(commands),
    internal: new InternalCommands(commands, new OperationRepository(connection)),
    queries: new StockQueries(stock, warehouseReads, binReads, variants, movements, bundles),
    bundleAvailability: new BundleAvailability(bundles, stock),
  };
  // routes
  const app = serviceApp(ctx, {
    service: 'inventory',
    api: (router) => {
      warehousesRoutes(router, deps);
      stockRoutes(router, deps);
      warehouseStockRoutes(router, deps);
    },
    internal: (router) => {
      internalRoutes(router, deps);
      stockOnHandRoutes(router, deps);
      warehousesInternalRoutes(router, deps);
    },
  });
  // consumers, relay
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
      queue: 'inventory.variants',
      events: VARIANT_EVENTS,
      handler: variantChangedHandler(variants, variantCheck),
    }),
    subscription({
      queue: 'inventory.bundles',
      events: BUNDLE_EVENTS,
      handler: bundleAvailabilityHandler(deps.bundleAvailability),
      // Recomputing is idempotent: no processed_events write per stock change.
      dedupe: false,
    }),
  ];
  const adoption = new LegacyAdoption(connection, warehouseDocs, codes);
  const parts = [adoption, places.warehouses, places.bins, liveVariants];
  return assemble(ctx, { app, deps, relay, subscriptions, parts });
}

export const inventory = defineService({ name: 'inventory', configSchema, build: buildApp });
