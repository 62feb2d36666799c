import { outboxRelay } from '@stockyard/service-kit';
import { Broker } from '@stockyard/service-kit/events';
import {
  connectMongo,
  createLogger,
  loadConfig,
  runMain,
  serve,
  startOperations,
  stopTracing,
} from '@stockyard/service-kit/ops';
import { buildApp } from './app';
import { configSchema } from './config';
import { connectRedis } from './store/redis';

/**
 * The gateway's process, as the kit's `runService` is a domain service's: validated env,
 * its own database, the broker and its outbox relay (it publishes its audit records and
 * consumes nothing), then serve with a graceful shutdown in reverse order. Not `runService`
 * itself, because the gateway is not a domain service in the kit's sense: it has two Redis
 * connections (commands, and a subscriber for revocations), its handler is a plain Node one
 * (the proxied path skips express), the server writes its security headers on the answers
 * Node makes itself, and it serves without waiting for the broker (its records wait in the outbox).
 */
export function runGateway(): void {
  runMain(async () => {
    const config = loadConfig(configSchema);
    const logger = createLogger('gateway', config.LOG_LEVEL, config.LOG_FORMAT);
    const operations = await startOperations('gateway', config, logger);
    const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    const redis = connectRedis(config.REDIS_URL, logger, 'commands');
    const subscriber = connectRedis(config.REDIS_URL, logger, 'subscriber');
    const broker = new Broker(config.AMQP_URL, config.EVENTS_EXCHANGE, logger, { queueType: config.QUEUE_TYPE });
    void broker.start(); // retries by itself until connected; the relay publishes from then on
    const relay = outboxRelay({ config, connection, broker, logger });
    const gateway = buildApp({ connection, logger, config, redis, subscriber, broker, relay });
    gateway.start();
    await serve(
      gateway.app,
      config.PORT,
      logger,
      [
        gateway.stop,
        () => broker.close(),
        () => redis.quit(),
        () => subscriber.quit(),
        () => connection.close(),
        operations.stop,
        stopTracing,
      ],
      { answerHeaders: gateway.answerHeaders, delayMs: config.SHUTDOWN_DELAY_MS },
    );
  });
}
