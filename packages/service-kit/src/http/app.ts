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
import { probeRoutes, type ReadinessCheck } from '../ops/probes';
import { RefusalLog } from '../audit/refusal-log';
import { recordRefusals } from '../audit/refusals';
import type { OutboxRelay } from '../events/outbox-relay';
import { httpMetrics } from '../ops/http-metrics';

interface ServiceAppOptions {
  logger: Logger;
  identitySecret: string;
  connection: Connection;
  /** Named checks behind /readyz (database, broker); /livez and /healthz need none. */
  readiness: Record<string, ReadinessCheck>;
  /** Partner routes, mounted under /api/v1 behind the identity check. */
  api: (router: Router) => void;
  /** The service whose rows of the route table answer 501 until a handler is bound to them. */
  service?: ServiceName;
  /** Service-to-service routes under /internal/v1, same identity check; never routed by the gateway. */
  internal?: (router: Router) => void;
  bodyLimit?: string;
  /** The service's outbox relay: refused changes are recorded in the audit trail through it. */
  relay?: OutboxRelay;
}

export function createServiceApp(options: ServiceAppOptions): Express {
  const { logger, identitySecret, connection } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'extended');
  app.use(requestId);
  app.use(httpMetrics);

  app.use(probeRoutes({ required: options.readiness }));

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

  if (options.relay) app.use('/api/v1', recordRefusals(new RefusalLog(connection, options.relay)));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
