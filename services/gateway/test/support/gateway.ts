import mongoose, { type Connection } from 'mongoose';
import type { Role, Permission } from '@stockyard/contracts';
import { OutboxRelay, type Logger } from '@stockyard/service-kit';
import { Broker } from '@stockyard/service-kit/events';
import { createLogger } from '@stockyard/service-kit/ops';
import { freePort, infraEnv, isolatedNames, listen, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { buildApp, type GatewayDeps } from '../../src/app';
import { DEFAULT_BUDGET } from '../../src/auth/attempt-budget';
import { DEFAULT_REFUSAL_MS } from '../../src/auth/refusal-timer';
import { connectRedis } from '../../src/store/redis';

export type TestGateway = Awaited<ReturnType<typeof startGateway>>;

/**
 * One gateway in this jest process against the real FerretDB/MongoDB, Redis and RabbitMQ, with
 * its own database, Redis prefix and events exchange (`exchange`: tap it for the audit trail's
 * records). Upstreams default to a closed port (503).
 */
export async function startGateway(
  overrides: Partial<GatewayDeps['config']> & { REDIS_URL?: string; MONGO_DB?: string } = {},
  { logger = createLogger('gateway', 'silent') }: { logger?: Logger } = {},
) {
  const infra = infraEnv();
  const names = isolatedNames('gateway');
  const dbName = overrides.MONGO_DB ?? names.database;
  const closed = `http://127.0.0.1:${await freePort()}`;
  const connection: Connection = await mongoose.createConnection(infra.mongoUrl, { dbName }).asPromise();
  const redisUrl = overrides.REDIS_URL ?? infra.redisUrl;
  const redis = connectRedis(redisUrl, logger, 'commands');
  const subscriber = connectRedis(redisUrl, logger, 'subscriber');
  const broker = new Broker(infra.amqpUrl, names.exchange, logger);
  await broker.start();
  const relay = new OutboxRelay([], broker, logger, { intervalMs: 200 });
  const config: GatewayDeps['config'] = {
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    REDIS_PREFIX: names.redisPrefix,
    CATALOG_URL: closed,
    PURCHASING_URL: closed,
    INVOICING_URL: closed,
    ORDERS_URL: closed,
    INVENTORY_URL: closed,
    WEBHOOKS_URL: closed,
    PEER_TIMEOUT_MS: 3000,
    RATE_LIMIT_PER_MINUTE: 10_000,
    UPSTREAM_TIMEOUT_MS: 30_000,
    UPSTREAM_CONNECTIONS: 128,
    UPSTREAM_MAX_QUEUED: 512,
    BODY_LIMIT_BYTES: 1024 * 1024,
    LAST_USED_FLUSH_MS: 60_000,
    KEY_REFRESH_MS: 1000,
    AUTH_REFUSAL_MS: DEFAULT_REFUSAL_MS,
    AUTH_KEY_BURST: DEFAULT_BUDGET.keyBurst,
    AUTH_KEY_REFILL_MS: DEFAULT_BUDGET.keyRefillMs,
    AUTH_CLIENT_BURST: DEFAULT_BUDGET.clientBurst,
    AUTH_CLIENT_REFILL_MS: DEFAULT_BUDGET.clientRefillMs,
    SHUTDOWN_DELAY_MS: 0,
    QUEUE_TYPE: 'classic',
    ...overrides,
  };
  const gateway = buildApp({ connection, logger, config, redis, subscriber, broker, relay });
  gateway.start();
  const server = await listen(gateway.app);

  const api = (
    method: string,
    route: string,
    key: string | undefined,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${server.url}/api/v1${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const newOrg = async (name = 'Test org') => {
    const orgId = await gateway.keys.createOrganization(name);
    const admin = await gateway.keys.create({ orgId, type: 'admin', name: 'admin', role: 'ADMIN' });
    return { orgId, adminKey: admin.token, adminKeyId: admin.id };
  };

  const keyWith = async (
    orgId: string,
    role: Role,
    scopes: Permission[] = [],
    extra: { type?: 'admin' | 'storefront'; channelId?: string } = {},
  ) =>
    gateway.keys.create({
      orgId,
      type: extra.type ?? 'admin',
      name: `${role} key`,
      role,
      scopes,
      channelId: extra.channelId ?? null,
    });

  return {
    ...gateway,
    url: server.url,
    connection,
    redis,
    config,
    exchange: names.exchange,
    api,
    newOrg,
    keyWith,
    close: async () => {
      await server.close();
      await gateway.stop();
      await broker.current?.deleteExchange(names.exchange).catch(() => undefined);
      await broker.close();
      redis.disconnect();
      subscriber.disconnect();
      await connection.dropDatabase().catch(() => undefined);
      await connection.close();
    },
  };
}
