import { randomBytes } from 'node:crypto';

/** A variable global setup exports (`infraVariables`); its absence names what to do. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run tests through jest (global setup), or export ensureInfra()'s`);
  return value;
}

/**
 * The servers' URLs as global setup found them. MongoDB, RabbitMQ and Redis are read at once;
 * S3 and mail when asked for (benchmarks export only the first three).
 */
export function infraEnv() {
  const { MONGO_URL, AMQP_URL, REDIS_URL } = process.env;
  if (!MONGO_URL || !AMQP_URL || !REDIS_URL)
    throw new Error('MONGO_URL, AMQP_URL and REDIS_URL are not set: run tests through jest (global setup)');
  return {
    mongoUrl: MONGO_URL,
    amqpUrl: AMQP_URL,
    redisUrl: REDIS_URL,
    get s3Url() {
      return required('S3_URL');
    },
    get s3AccessKeyId() {
      return required('S3_ACCESS_KEY_ID');
    },
    get s3SecretAccessKey() {
      return required('S3_SECRET_ACCESS_KEY');
    },
    get s3Region() {
      return process.env.S3_REGION || 'us-east-1';
    },
    get smtpUrl() {
      return required('SMTP_URL');
    },
    get mailpitUrl() {
      return required('MAILPIT_URL');
    },
  };
}

const tag = () =>
  `${process.env.STOCKYARD_TEST_RUN ?? 'run'}_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(3).toString('hex')}`;

/** Names that keep one test file's data and messages apart from every other's. */
export function isolatedNames(service: string) {
  const t = tag();
  // S3: 3-63 lowercase letters, digits and hyphens, starting and ending with a letter or digit.
  const bucket = `t-${t}-${service}`
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, 63)
    .replace(/-+$/, '');
  return {
    database: `t_${t}_${service}`.slice(0, 63),
    bucket,
    exchange: `test.${t}.events`,
    queuePrefix: `test.${t}.${service}`,
    redisPrefix: `test:${t}:`,
  };
}

export const TEST_IDENTITY_SECRET = 'test-identity-secret-0123456789abcdef';

/** The webhooks service's secret-encryption key in tests and benchmarks (WEBHOOK_SECRET_KEYS): not a secret. */
export const TEST_WEBHOOK_SECRET_KEYS = 'test:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';

/** The S3 and SMTP variables a service's config may ask for, from the suite's servers. */
export const SERVICE_INFRA_KEYS = [
  'S3_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_REGION',
  'SMTP_URL',
] as const;

/**
 * What a service gets of the S3 and SMTP servers: the variables of `SERVICE_INFRA_KEYS` that are set
 * (all of them under jest), and `S3_BUCKET`, a bucket of its own (`isolatedNames().bucket`) when
 * S3_URL is set, so test files never share a bucket.
 */
export function serviceInfraEnv(bucket: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of SERVICE_INFRA_KEYS) {
    const value = process.env[key];
    if (value) env[key] = value;
  }
  if (env.S3_URL) env.S3_BUCKET = bucket;
  return env;
}
