import express from 'express';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { errorHandler, notFoundHandler, pingMongo, requestId, requireIdentity, type Logger } from '@stockyard/service-kit';
import { Authenticator } from './auth/authenticator';
import { RevocationBus } from './auth/revocation-bus';
import { UsageTracker } from './auth/usage-tracker';
import { apiKeyRoutes } from './http/api-keys.routes';
import { bodyLimit } from './http/body-limit';
import { API_PREFIX, authenticate, authorize, forward, serveOwn } from './http/gateway.routes';
import { IdentitySigner } from './http/identity-signer';
import { createProxies } from './http/proxy';
import { internalSettingsRoutes, settingsRoutes } from './http/settings.routes';
import { keyRateLimit } from './limits/rate-limit';
import { apiKeyModel, apiKeyUsageModel, organizationModel } from './store/api-key.model';
import { ApiKeyUsageRepository } from './store/api-key-usage.repository';
import { ApiKeyRepository } from './store/api-key.repository';
import { OrganizationRepository } from './store/organization.repository';
import type { Config } from './config';

export interface GatewayDeps {
  connection: Connection;
  logger: Logger;
  config: Omit<Config, 'PORT' | 'MONGO_URL' | 'MONGO_DB' | 'AMQP_URL' | 'EVENTS_EXCHANGE' | 'LOG_LEVEL' | 'OUTBOX_INTERVAL_MS' | 'OUTBOX_EAGER' | 'REDIS_URL'>;
  /** Commands (rate-limit counters, publishing revocations). */
  redis: Redis;
  /** A second connection in subscriber mode (revocations from other replicas). */
  subscriber: Redis;
}

/** Keys, settings and what keeps key checks cheap and current. */
function keyServices({ connection, logger, config, redis, subscriber }: GatewayDeps) {
  const keys = new ApiKeyRepository(apiKeyModel(connection), organizationModel(connection));
  const orgs = new OrganizationRepository(organizationModel(connection));
  const usage = new ApiKeyUsageRepository(apiKeyUsageModel(connection));
  const tracker = new UsageTracker(usage, logger, config.LAST_USED_FLUSH_MS);
  const authenticator = new Authenticator(keys, { refreshMs: config.KEY_REFRESH_MS, onUsed: (key) => tracker.touch(key._id, key.orgId) });
  const revocations = new RevocationBus(redis, subscriber, `${config.REDIS_PREFIX}api-keys:revoked`, logger);
  return { keys, orgs, usage, tracker, authenticator, revocations };
}

const upstreams = (config: GatewayDeps['config'], logger: Logger) =>
  createProxies(
    { catalog: config.CATALOG_URL, purchasing: config.PURCHASING_URL, invoicing: config.INVOICING_URL, orders: config.ORDERS_URL, inventory: config.INVENTORY_URL, webhooks: config.WEBHOOKS_URL },
    config.UPSTREAM_TIMEOUT_MS,
    logger,
  );

export function buildApp(deps: GatewayDeps) {
  const { connection, logger, config, redis } = deps;
  const { keys, orgs, usage, tracker, authenticator, revocations } = keyServices(deps);
  const own = express.Router();
  own.use(express.json({ limit: config.BODY_LIMIT_BYTES }));
  own.use(apiKeyRoutes({ keys, usage, tracker, authenticator, revocations }), settingsRoutes(orgs));

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestId);
  app.use(helmet());
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const mongo = await pingMongo(connection).then(() => 'ok', (err: Error) => `failing: ${err.message}`);
    // Redis is reported but does not fail readiness: the gateway runs on without it (fail open).
    res.status(mongo === 'ok' ? 200 : 503).json({ status: mongo === 'ok' ? 'ready' : 'not_ready', checks: { mongo, redis: redis.status } });
  });
  // The order of checks; services/gateway/README.md says why.
  app.use(
    API_PREFIX,
    authenticate(authenticator),
    keyRateLimit({ limit: config.RATE_LIMIT_PER_MINUTE, redis, prefix: config.REDIS_PREFIX, logger }),
    authorize,
    serveOwn(own),
    bodyLimit(config.BODY_LIMIT_BYTES),
    forward(upstreams(config, logger), new IdentitySigner(config.IDENTITY_SECRET)),
  );
  app.use('/internal/v1', requireIdentity(config.IDENTITY_SECRET), internalSettingsRoutes(orgs));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  return {
    app,
    keys,
    orgs,
    tracker,
    authenticator,
    start: () => {
      revocations.start((keyId) => authenticator.revoked(keyId));
      tracker.start();
    },
    stop: () => tracker.stop(),
  };
}
