import { connectMongo, createLogger, loadConfig, runMain, serve } from '@stockyard/service-kit';
import { buildApp } from './app';
import { configSchema } from './config';
import { connectRedis } from './store/redis';

runMain(async () => {
  const config = loadConfig(configSchema);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const [redis, subscriber] = [
    connectRedis(config.REDIS_URL, logger, 'commands'),
    connectRedis(config.REDIS_URL, logger, 'subscriber'),
  ];
  const gateway = buildApp({ connection, logger, config, redis, subscriber });
  gateway.start();
  await serve(
    gateway.app,
    config.PORT,
    logger,
    [gateway.stop, () => redis.quit(), () => subscriber.quit(), () => connection.close()],
    { answerHeaders: gateway.answerHeaders },
  );
});
