import type { Connection } from 'mongoose';
import type { Bin, Warehouse } from '@stockyard/contracts';
import {
  BroadcastCache,
  Broker,
  createServiceApp,
  type Consumer,
  OutboxRelay,
  pingMongo,
  startConsumer,
  type Logger,
  type RelayOptions,
} from '@stockyard/service-kit';
import { CountCommands } from './commands/count-commands';
import { InternalCommands } from './commands/internal-commands';
import { StockCommands } from './commands/stock-commands';
import { StockQueries } from './commands/stock-queries';
import { MOVEMENT_RECORDED } from './domain/level-change';
import { movementRecordedHandler } from './events/handlers/movement-recorded.handler';
import { VARIANT_EVENTS, variantChangedHandler } from './events/handlers/variant-changed.handler';
import { internalRoutes } from './http/internal.routes';
import { stockRoutes } from './http/stock.routes';
import { warehouseStockRoutes } from './http/warehouse-stock.routes';
import { warehousesRoutes } from './http/warehouses.routes';
import { movementModel } from './store/movement.model';
import { MovementRepository } from './store/movement.repository';
import { OperationRepository } from './store/operation.repository';
import { stockLevelModel } from './store/stock-level.model';
import { StockRepository } from './store/stock.repository';
import { variantModel } from './store/variant.model';
import { VariantRepository } from './store/variant.repository';
import { binModel, warehouseModel } from './store/warehouse.model';
import { WarehouseRepository, type PlaceCaches } from './store/warehouse.repository';

export interface InventoryDeps {
  stock: StockRepository;
  warehouses: WarehouseRepository;
  movements: MovementRepository;
  variants: VariantRepository;
  commands: StockCommands;
  counts: CountCommands;
  internal: InternalCommands;
  queries: StockQueries;
  relay: OutboxRelay;
  places: PlaceCaches;
}

export interface BuildOptions {
  connection: Connection;
  broker: Broker;
  logger: Logger;
  identitySecret: string;
  outbox?: RelayOptions;
}

function wire(connection: Connection, broker: Broker, logger: Logger, outbox?: RelayOptions): InventoryDeps {
  const levels = stockLevelModel(connection);
  const movementRows = movementModel(connection);
  const places = {
    warehouses: new BroadcastCache<Warehouse>(broker, 'inventory.warehouses', logger),
    bins: new BroadcastCache<Bin>(broker, 'inventory.bins', logger),
  };
  const warehouses = new WarehouseRepository(warehouseModel(connection), binModel(connection), places);
  const variants = new VariantRepository(variantModel(connection));
  // The ledger's event is this service's own: the relay writes the row (if the request
  // path did not) instead of sending it round the broker.
  // (The handler runs only once the relay has started, by when `stock` exists.)
  const relay: OutboxRelay = new OutboxRelay([levels.collection], broker, logger, {
    ...outbox,
    local: { [MOVEMENT_RECORDED]: (event): Promise<void> => movementRecordedHandler(stock)(event) },
  });
  const stock: StockRepository = new StockRepository(levels, movementRows, relay);
  const commands = new StockCommands(stock, warehouses, relay);
  return {
    stock,
    warehouses,
    variants,
    relay,
    places,
    commands,
    movements: new MovementRepository(movementRows),
    counts: new CountCommands(commands),
    internal: new InternalCommands(commands, new OperationRepository(connection)),
    queries: new StockQueries(stock, warehouses, variants),
  };
}

export function buildApp({ connection, broker, logger, identitySecret, outbox }: BuildOptions) {
  const deps = wire(connection, broker, logger, outbox);
  const app = createServiceApp({
    logger,
    identitySecret,
    connection,
    readiness: { mongo: () => pingMongo(connection), broker: () => broker.check() },
    api: (router) => {
      warehousesRoutes(router, deps);
      stockRoutes(router, deps);
      warehouseStockRoutes(router, deps);
    },
    internal: (router) => internalRoutes(router, deps),
  });

  const consumers: Consumer[] = [];
  return {
    app,
    deps,
    get consumers() {
      return consumers;
    },
    /** Every queue this service declared (test clean-up). */
    get queues() {
      return consumers.flatMap((c) => c.queues);
    },
    async start() {
      await Promise.all(Object.values(connection.models).map((m) => m.init()));
      await deps.places.warehouses.start();
      await deps.places.bins.start();
      consumers.push(
        // Copies of the ledger event that replicas older than the relay's local handler
        // published (a rolling deploy). The row's id is the movement's, so a copy inserts
        // nothing: no processed_events record needed.
        await startConsumer(broker, connection, logger, {
          queue: 'inventory.movements',
          bindings: [MOVEMENT_RECORDED],
          handler: movementRecordedHandler(deps.stock),
          dedupe: false,
        }),
        await startConsumer(broker, connection, logger, {
          queue: 'inventory.variants',
          bindings: VARIANT_EVENTS,
          handler: variantChangedHandler(deps.variants),
        }),
      );
      deps.relay.start();
    },
    async stop() {
      await Promise.all(consumers.map((c) => c.stop()));
      await deps.relay.stop();
    },
  };
}
