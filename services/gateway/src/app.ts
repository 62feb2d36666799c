import express from 'express';
import helmet from 'helmet';
import type { Connection } from 'mongoose';
import { errorHandler, notFoundHandler, pingMongo, requestId, type Logger } from '@stockyard/service-kit';
import { Authenticator } from './auth/authenticator';
import { API_PREFIX, authenticate, authorize, forward } from './http/gateway.routes';
import { createProxies } from './http/proxy';
import { apiKeyModel, organizationModel } from './store/api-key.model';
import { ApiKeyRepository } from './store/api-key.repository';
import type { Config } from './config';

export interface GatewayDeps {
  connection: Connection;
  logger: Logger;
  config: Pick<Config, 'IDENTITY_SECRET' | 'UPSTREAM_TIMEOUT_MS' | 'CATALOG_URL' | 'PURCHASING_URL' | 'INVOICING_URL' | 'ORDERS_URL' | 'INVENTORY_URL' | 'WEBHOOKS_URL'>;
}

export function buildApp({ connection, logger, config }: GatewayDeps) {
  const keys = new ApiKeyRepository(apiKeyModel(connection), organizationModel(connection));
  const proxies = createProxies(
    {
      catalog: config.CATALOG_URL,
      purchasing: config.PURCHASING_URL,
      invoicing: config.INVOICING_URL,
      orders: config.ORDERS_URL,
      inventory: config.INVENTORY_URL,
      webhooks: config.WEBHOOKS_URL,
    },
    config.UPSTREAM_TIMEOUT_MS,
    logger,
  );

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
    res.status(mongo === 'ok' ? 200 : 503).json({ status: mongo === 'ok' ? 'ready' : 'not_ready', checks: { mongo } });
  });
  app.use(API_PREFIX, authenticate(new Authenticator(keys)));
  app.use(API_PREFIX, authorize);
  app.use(API_PREFIX, (req, res, next) => {
    // Mounted handlers see a stripped path; the proxy must forward the full one.
    req.url = req.originalUrl;
    return forward(proxies, config.IDENTITY_SECRET)(req, res, next);
  });
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return { app, keys };
}
