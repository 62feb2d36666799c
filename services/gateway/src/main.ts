import { connectMongo, createLogger, loadConfig, runMain, serve } from '@stockyard/service-kit';
import { buildApp } from './app';
import { configSchema } from './config';

runMain(async () => {
  const config = loadConfig(configSchema);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const { app } = buildApp({ connection, logger, config });
  await serve(app, config.PORT, logger, [() => connection.close()]);
});
