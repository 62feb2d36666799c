import { randomBytes } from 'node:crypto';

/** The servers' URLs as global setup found them. */
export function infraEnv() {
  const { MONGO_URL, AMQP_URL, REDIS_URL } = process.env;
  if (!MONGO_URL || !AMQP_URL || !REDIS_URL)
    throw new Error('MONGO_URL, AMQP_URL and REDIS_URL are not set: run tests through jest (global setup)');
  return { mongoUrl: MONGO_URL, amqpUrl: AMQP_URL, redisUrl: REDIS_URL };
}

const tag = () =>
  `${process.env.STOCKYARD_TEST_RUN ?? 'run'}_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(3).toString('hex')}`;

/** Names that keep one test file's data and messages apart from every other's. */
export function isolatedNames(service: string) {
  const t = tag();
  return {
    database: `t_${t}_${service}`.slice(0, 63),
    exchange: `test.${t}.events`,
    queuePrefix: `test.${t}.${service}`,
    redisPrefix: `test:${t}:`,
  };
}

export const TEST_IDENTITY_SECRET = 'test-identity-secret-0123456789abcdef';

/** The webhooks service's secret-encryption key in tests and benchmarks (WEBHOOK_SECRET_KEYS): not a secret. */
export const TEST_WEBHOOK_SECRET_KEYS = 'test:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
