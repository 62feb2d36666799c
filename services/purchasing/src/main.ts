import { createServiceApp, pendingRoutes, pingMongo, runService } from '@stockyard/service-kit';
import { configSchema } from './config';

// Walking skeleton: the service boots, checks its database and broker, and answers 501
// on its routes until its own issue builds them.
runService('purchasing', configSchema, ({ config, connection, broker, logger }) => ({
  app: createServiceApp({
    logger,
    identitySecret: config.IDENTITY_SECRET,
    connection,
    readiness: { mongo: () => pingMongo(connection), broker: () => broker.check() },
    api: (router) => pendingRoutes(router, 'purchasing'),
  }),
}));
