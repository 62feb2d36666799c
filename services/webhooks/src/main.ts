import { Broker, connectMongo, createLogger, loadConfig, serve } from '@stockyard/service-kit';
import { buildApp } from './app';
import { configSchema } from './config';

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('webhooks', config.LOG_LEVEL);
  const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const broker = new Broker(config.AMQP_URL, config.EVENTS_EXCHANGE, logger);
  await broker.start();
  const service = buildApp({ config, logger, connection, broker });
  await service.start();
  await serve(service.app, config.PORT, logger, [() => broker.close(), service.stop, () => connection.close()]);
}
void main();
