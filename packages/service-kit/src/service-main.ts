import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { BaseServiceConfig } from './config';
import { loadConfig } from './config';
import { connectMongo } from './db/mongo';
import { Broker } from './events/broker';
import { runMain, serve } from './lifecycle';
import { createLogger, type Logger } from './logger';

export interface ServiceDeps<C> {
  config: C;
  connection: Connection;
  broker: Broker;
  logger: Logger;
}

export interface BuiltService {
  app: Express;
  /** Starts consumers, relays and workers once the app exists. */
  start?: () => Promise<void>;
  /** Stops them; runs after the HTTP server has drained. */
  stop?: () => Promise<void>;
}

/**
 * The whole start-up of a domain service: validated env, its own database, the broker,
 * the app, and a graceful shutdown that closes them in reverse order.
 */
export function runService<S extends z.ZodType<BaseServiceConfig>>(
  name: string,
  schema: S,
  build: (deps: ServiceDeps<z.infer<S>>) => BuiltService,
): void {
  runMain(async () => {
    const config = loadConfig(schema);
    const logger = createLogger(name, config.LOG_LEVEL);
    const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    const broker = new Broker(config.AMQP_URL, config.EVENTS_EXCHANGE, logger);
    await broker.start();
    const service = build({ config, connection, broker, logger });
    await service.start?.();
    await serve(service.app, config.PORT, logger, [
      () => service.stop?.(),
      () => broker.close(),
      () => connection.close(),
    ]);
  });
}
