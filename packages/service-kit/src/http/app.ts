import express, { type Express, type Router } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from '../logger';
import { requestId, requireIdentity } from './context';
import { errorHandler, notFoundHandler } from './error-handler';
import type { ServiceName } from '@stockyard/contracts';
import { idempotency } from './idempotency';
import { pendingRoutes } from './pending-routes';
import { jsonBody } from './json-body';
import { validatePathIds } from './path-ids';

export type ReadinessCheck = () => Promise<void>;

export interface ServiceAppOptions {
  logger: Logger;
  identitySecret: string;
  connection: Connection;
  /** Named checks behind /readyz (database, broker). */
  readiness: Record<string, ReadinessCheck>;
  /** Partner routes, mounted under /api/v1 behind the identity check. */
  api: (router: Router) => void;
  /** The service whose rows of the route table answer 501 until a handler is bound to them. */
  service?: ServiceName;
  /** Service-to-service routes under /internal/v1, same identity check; never routed by the gateway. */
  internal?: (router: Router) => void;
  bodyLimit?: string;
}

export function createServiceApp(options: ServiceAppOptions): Express {
  const { logger, identitySecret, connection } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'extended');
  app.use(requestId);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const results: Record<string, string> = {};
    await Promise.all(
      Object.entries(options.readiness).map(async ([name, check]) => {
        // A hung dependency must fail the probe, not hang it.
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('timed out after 3 s')), 3000).unref(),
        );
        results[name] = await Promise.race([check(), timeout]).then(
          () => 'ok',
          (err: Error) => `failing: ${err.message}`,
        );
      }),
    );
    const ready = Object.values(results).every((r) => r === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks: results });
  });

  const guarded = (mount: (router: Router) => void, service?: ServiceName) => {
    const router = express.Router();
    router.use(requireIdentity(identitySecret));
    if (service) pendingRoutes(router, service);
    router.use(jsonBody(options.bodyLimit));
    router.use(idempotency(connection));
    validatePathIds(router);
    mount(router);
    return router;
  };
  app.use('/api/v1', guarded(options.api, options.service));
  if (options.internal) app.use('/internal/v1', guarded(options.internal));

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
