import { parseEvent, type Bin, type Warehouse } from '@stockyard/contracts';
import {
  assemble,
  BroadcastCache,
  defineService,
  outboxRelay,
  serviceApp,
  subscription,
  type ServiceContext,
} from '@stockyard/service-kit';
import { BundleAvailability } from './commands/bundle-availability';
import { CountCommands } from './commands/count-commands';
import { InternalCommands } from './commands/internal-commands';
import { StockCommands } from './commands/stock-commands';
import { StockQueries } from './commands/stock-queries';
import { configSchema, type Config } from './config';
import type { InventoryDeps } from './deps';
import { MOVEMENT_RECORDED } from './domain/level-change';
import { BUNDLE_EVENTS, bundleAvailabilityHandler } from './events/handlers/bundle-availability.handler';
import { movementRecordedHandler } from './events/handlers/movement-recorded.handler';
import { VARIANT_EVENTS, variantChangedHandler } from './events/handlers/variant-changed.handler';
import { internalRoutes } from './http/internal.routes';
import { stockOnHandRoutes } from './http/stock-on-hand.routes';
import { stockRoutes } from './http/stock.routes';
import { warehouseStockRoutes } from './http/warehouse-stock.routes';
import { warehousesRoutes } from './http/warehouses.routes';
import { bundleModel } from './store/bundle.model';
import { BundleRepository, bundleStore } from './store/bundle.repository';
import { Ledger } from './store/ledger';
import { movementModel } from './store/movement.model';
import { MovementRepository } from './store/movement.repository';
import { OperationRepository } from './store/operation.repository';
import { stockLevelModel } from './store/stock-level.model';
import { StockRepository, stockLevelStore } from './store/stock.repository';
import { variantModel } from './store/variant.model';
import { VariantRepository } from './store/variant.repository';
import { binModel, warehouseModel } from './store/warehouse.model';
import { WarehouseRepository } from './store/warehouse.repository';

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
    warehouses: new BroadcastCache<Warehouse>(broker, 'inventory.warehouses', logger),
    bins: new BroadcastCache<Bin>(broker, 'inventory.bins', logger),
  };
  const stock = new StockRepository(levels, levelModel);
  const warehouses = new WarehouseRepository(warehouseModel(connection), binModel(connection), places);
  const variants = new VariantRepository(variantModel(connection));
  const bundles = new BundleRepository(bundleStore(bundleDocs, relay), bundleDocs);
  // commands
  const commands = new StockCommands(levels, stock, warehouses, ledger);
  const deps: InventoryDeps = {
    stock,
    warehouses,
    variants,
    ledger,
    places,
    commands,
    movements: new MovementRepository(movementRows),
    counts: new CountCommands(commands),
    internal: new InternalCommands(commands, new OperationRepository(connection)),
    queries: new StockQueries(stock, warehouses, variants),
    bundles,
    bundleAvailability: new BundleAvailability(bundles, stock),
  };
  // routes
  const app = serviceApp(ctx, {
    api: (router) => {
      warehousesRoutes(router, deps);
      stockRoutes(router, deps);
      warehouseStockRoutes(router, deps);
    },
    internal: (router) => {
      internalRoutes(router, deps);
      stockOnHandRoutes(router, deps);
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
    subscription({ queue: 'inventory.variants', events: VARIANT_EVENTS, handler: variantChangedHandler(variants) }),
    subscription({
      queue: 'inventory.bundles',
      events: BUNDLE_EVENTS,
      handler: bundleAvailabilityHandler(deps.bundleAvailability),
      // Recomputing is idempotent: no processed_events write per stock change.
      dedupe: false,
    }),
  ];
  return assemble(ctx, { app, deps, relay, subscriptions, parts: [places.warehouses, places.bins] });
}

export const inventory = defineService({ name: 'inventory', configSchema, build: buildApp });
