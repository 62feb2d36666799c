import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { type Logger, type OutboxRelay } from '@stockyard/service-kit';
import type { Broker } from '@stockyard/service-kit/events';
import { RefusalLog, recordRefusals } from '@stockyard/service-kit/internals';
import {
  errorHandler,
  idempotency,
  jsonBody,
  notFoundHandler,
  requestIdFrom,
  requireIdentity,
} from '@stockyard/service-kit/http';
import { httpMetrics, observeRequest, pingMongo, probeRoutes } from '@stockyard/service-kit/ops';
import { Authenticator } from './auth/authenticator';
import { RefusalTimer } from './auth/refusal-timer';
import { RevocationBus } from './auth/revocation-bus';
import { UsageTracker } from './auth/usage-tracker';
import { DEFAULT_GATE, VerificationGate } from './auth/verification-gate';
import { apiKeyRoutes } from './http/api-keys.routes';
import { docsRoutes } from './http/docs.routes';
import { callerIdentity } from './http/caller-identity';
import { API_PREFIX, apiPipeline, isApiPath, type ApiRequest } from './http/gateway.routes';
import { IdentitySigner } from './http/identity-signer';
import { recordRefusal } from './http/refusal-record';
import { API_SECURITY_HEADERS, headerNames, securityHeaders } from './http/security-headers';
import { Upstreams } from './http/upstreams';
import { internalSettingsRoutes, settingsRoutes } from './http/settings.routes';
import { keyRateLimit, RATE_LIMIT_HEADERS } from './limits/rate-limit';
import { storefrontChannels } from './peers/storefront-channels';
import { apiKeyModel, apiKeyUsageModel, organizationModel } from './store/api-key.model';
import { ApiKeyUsageRepository } from './store/api-key-usage.repository';
import { ApiKeyRepository } from './store/api-key.repository';
import { OrganizationRepository } from './store/organization.repository';
import { urlList, type Config } from './config';

export interface GatewayDeps {
  connection: Connection;
  logger: Logger;
  config: Omit<
    Config,
    | 'PORT'
    | 'MONGO_URL'
    | 'MONGO_DB'
    | 'AMQP_URL'
    | 'EVENTS_EXCHANGE'
    | 'LOG_LEVEL'
    | 'LOG_FORMAT'
    | 'OUTBOX_INTERVAL_MS'
    | 'OUTBOX_FOLD_MS'
    | 'OUTBOX_EAGER'
    | 'REDIS_URL'
  >;
  /** Commands (rate-limit counters, publishing revocations). */
  redis: Redis;
  /** A second connection in subscriber mode (revocations from other replicas). */
  subscriber: Redis;
  /** Where its outbox relay publishes (the audit trail's records); reported by /readyz, never failing it. */
  broker: Broker;
  /** The outbox relay of its writes (started and stopped with the app). */
  relay: OutboxRelay;
}

const budgetOf = (config: GatewayDeps['config']) => ({
  keyBurst: config.AUTH_KEY_BURST,
  keyRefillMs: config.AUTH_KEY_REFILL_MS,
  clientBurst: config.AUTH_CLIENT_BURST,
  clientRefillMs: config.AUTH_CLIENT_REFILL_MS,
});

/** Keys, settings and what keeps key checks cheap and current. */
function keyServices({ connection, logger, config, redis, subscriber, relay }: GatewayDeps) {
  const keys = new ApiKeyRepository(apiKeyModel(connection), organizationModel(connection), relay);
  const orgs = new OrganizationRepository(organizationModel(connection), relay);
  const usage = new ApiKeyUsageRepository(apiKeyUsageModel(connection));
  const tracker = new UsageTracker(usage, logger, config.LAST_USED_FLUSH_MS);
  const authenticator = new Authenticator(keys, {
    refreshMs: config.KEY_REFRESH_MS,
    gate: new VerificationGate({ ...DEFAULT_GATE, budget: budgetOf(config) }, logger),
    refusals: new RefusalTimer(config.AUTH_REFUSAL_MS),
    onUsed: (key) => tracker.touch(key._id, key.orgId),
  });
  const revocations = new RevocationBus(redis, subscriber, `${config.REDIS_PREFIX}api-keys:revoked`, logger);
  const channels = storefrontChannels({
    catalogUrls: urlList(config.CATALOG_URL),
    identitySecret: config.IDENTITY_SECRET,
    timeoutMs: config.PEER_TIMEOUT_MS,
  });
  // Refused changes in the audit trail: the pipeline's 403s and the gateway's own routes' refusals.
  const refusals = new RefusalLog(connection, relay);
  return { keys, orgs, usage, tracker, authenticator, revocations, storefrontChannels: channels, refusals };
}

const upstreams = (config: GatewayDeps['config'], security: readonly string[]) =>
  new Upstreams(
    {
      catalog: urlList(config.CATALOG_URL),
      purchasing: urlList(config.PURCHASING_URL),
      invoicing: urlList(config.INVOICING_URL),
      orders: urlList(config.ORDERS_URL),
      inventory: urlList(config.INVENTORY_URL),
      webhooks: urlList(config.WEBHOOKS_URL),
    },
    config.UPSTREAM_TIMEOUT_MS,
    { connections: config.UPSTREAM_CONNECTIONS, maxQueued: config.UPSTREAM_MAX_QUEUED },
    // The gateway's answer headers are its own: a service's copy of one is dropped.
    ['X-Request-Id', ...headerNames(security), ...RATE_LIMIT_HEADERS],
    config.DEV_SERVICE,
  );

/** Express for what is not the hot path: the gateway's own routes, probes, internal settings. */
function expressApps(deps: GatewayDeps, services: ReturnType<typeof keyServices>) {
  const { connection, logger, config, redis, broker } = deps;
  const own = express();
  own.disable('x-powered-by');
  own.set('etag', false);
  own.use(
    API_PREFIX,
    ...jsonBody(config.BODY_LIMIT_BYTES),
    // Idempotency-Key on the gateway's own POSTs, as the services take it (the kit's middleware).
    callerIdentity,
    idempotency(connection),
    apiKeyRoutes(services),
    settingsRoutes(services.orgs),
    recordRefusals(services.refusals),
  );
  own.use(notFoundHandler);
  own.use(errorHandler(logger));

  const rest = express();
  rest.disable('x-powered-by');
  rest.set('etag', false);
  rest.use(httpMetrics);
  // Redis and the broker are reported but do not fail readiness: the gateway runs on without Redis
  // (fail open), and its audit records wait in the outbox while the broker is away.
  const brokerStatus = () => (broker.connected ? 'connected' : 'disconnected');
  rest.use(
    probeRoutes({
      required: { mongo: () => pingMongo(connection) },
      advisory: { redis: () => redis.status, broker: brokerStatus },
    }),
  );
  rest.use(docsRoutes());
  rest.use('/internal/v1', requireIdentity(config.IDENTITY_SECRET), internalSettingsRoutes(services.orgs));
  rest.use(notFoundHandler);
  rest.use(errorHandler(logger));
  return { own, rest };
}

export function buildApp(deps: GatewayDeps) {
  const { logger, config, redis, relay } = deps;
  const services = keyServices(deps);
  const { keys, orgs, tracker, authenticator, revocations } = services;
  const { own, rest } = expressApps(deps, services);
  const security = securityHeaders(API_SECURITY_HEADERS);
  const proxied = upstreams(config, security);
  const api = apiPipeline({
    authenticator,
    rateLimit: keyRateLimit({ limit: config.RATE_LIMIT_PER_MINUTE, redis, prefix: config.REDIS_PREFIX, logger }),
    signer: new IdentitySigner(config.IDENTITY_SECRET),
    upstreams: proxied,
    own,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    security,
    logger,
    refused: recordRefusal(services.refusals),
  });

  /** Every response gets a request id and helmet's headers (the pipeline adds them to its answers itself). */
  const app = (req: IncomingMessage, res: ServerResponse) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    (req as ApiRequest).requestId = requestId;
    if (isApiPath(req.url!)) {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        observeRequest((req as ApiRequest).routeName ?? 'unmatched', req.method!, res.statusCode, seconds);
      });
      void api(req, res);
      return;
    }
    res.setHeader('X-Request-Id', requestId);
    for (let i = 0; i < security.length; i += 2) res.setHeader(security[i]!, security[i + 1]!);
    rest(req, res);
  };

  return {
    app,
    /** What every answer carries that the server writes before there is a request (serve's clientError). */
    answerHeaders: security,
    keys,
    orgs,
    tracker,
    authenticator,
    start: () => {
      revocations.start((keyId) => authenticator.revoked(keyId));
      tracker.start();
      relay.start();
    },
    // The relay last: a final pass publishes what the last requests wrote.
    stop: async () => {
      await Promise.all([tracker.stop(), proxied.close()]);
      await relay.stop();
    },
  };
}
