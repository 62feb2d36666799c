import type { BaseServiceConfig } from './config';
import { loadConfig } from './config';
import { connectMongo } from './db/mongo';
import { Broker } from './events/broker';
import { runMain, serve } from './lifecycle';
import { createLogger } from './logger';
import { startCpuProfile } from './ops/cpu-profile';
import { startOperations } from './ops/operations';
import { stopTracing } from './ops/tracing';
import type { ServiceDefinition } from './service';

/**
 * The whole start-up of a domain service: validated env, its metrics, its own database, the
 * broker, the app, and a graceful shutdown that closes them in reverse order, the spans still
 * buffered exported last (tracing itself starts earlier, in the service's `instrument.ts`).
 */
export function runService<C extends BaseServiceConfig, D>(definition: ServiceDefinition<C, D>): void {
  runMain(async () => {
    const config = loadConfig(definition.configSchema);
    const logger = createLogger(definition.name, config.LOG_LEVEL, config.LOG_FORMAT);
    const profiled = config.CPU_PROFILE_DIR
      ? await startCpuProfile(config.CPU_PROFILE_DIR, definition.name)
      : undefined;
    const operations = await startOperations(definition.name, config, logger);
    const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    const broker = new Broker(config.AMQP_URL, config.EVENTS_EXCHANGE, logger, { queueType: config.QUEUE_TYPE });
    await broker.start();
    const service = definition.build({ config, connection, broker, logger });
    await service.start();
    await serve(
      service.app,
      config.PORT,
      logger,
      [
        () => service.stop(),
        () => broker.close(),
        () => connection.close(),
        operations.stop,
        stopTracing,
        async () => profiled?.(),
      ],
      { delayMs: config.SHUTDOWN_DELAY_MS },
    );
  });
}
