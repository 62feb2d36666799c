import type { Connection } from 'mongoose';
import { Broker, createServiceApp, type Consumer, OutboxRelay, pendingRoutes, pingMongo, startConsumer, type Logger, type RelayOptions } from '@stockyard/service-kit';
import { MOVEMENT_RECORDED } from './domain/adjust-stock';
import { movementRecordedHandler } from './events/handlers/movement-recorded.handler';
import { stockRoutes } from './http/stock.routes';
import { movementModel } from './store/movement.model';
import { stockLevelModel } from './store/stock-level.model';
import { StockRepository } from './store/stock.repository';

export interface InventoryDeps {
  stock: StockRepository;
  relay: OutboxRelay;
}

export interface BuildOptions {
  connection: Connection;
  broker: Broker;
  logger: Logger;
  identitySecret: string;
  outbox?: RelayOptions;
}

export function buildApp({ connection, broker, logger, identitySecret, outbox }: BuildOptions) {
  const levels = stockLevelModel(connection);
  const stock = new StockRepository(levels, movementModel(connection));
  const relay = new OutboxRelay([levels.collection], broker, logger, outbox);
  const deps: InventoryDeps = { stock, relay };

  const app = createServiceApp({
    logger,
    identitySecret,
    connection,
    readiness: { mongo: () => pingMongo(connection), broker: () => broker.check() },
    api: (router) => {
      stockRoutes(router, deps);
      pendingRoutes(router, 'inventory'); // the rest of the inventory issue
    },
  });

  let consumer: Consumer | undefined;
  return {
    app,
    get consumer() {
      return consumer;
    },
    async start() {
      await Promise.all(Object.values(connection.models).map((m) => m.init()));
      consumer = await startConsumer(broker, connection, logger, {
        queue: 'inventory.movements',
        bindings: [MOVEMENT_RECORDED],
        handler: movementRecordedHandler(stock),
      });
      relay.start();
    },
    async stop() {
      await consumer?.stop();
      await relay.stop();
    },
  };
}
