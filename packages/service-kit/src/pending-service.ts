import type { ServiceName } from '@stockyard/contracts';
import { baseServiceEnv } from './config';
import { assemble, defineService, serviceApp } from './service';

/**
 * A walking skeleton: the service boots, checks its database and broker, and answers 501
 * on its routes until its own issue builds them.
 */
export const pendingService = (name: ServiceName) =>
  defineService({
    name,
    configSchema: baseServiceEnv,
    build: (ctx) => assemble(ctx, { app: serviceApp(ctx, { service: name, api: () => undefined }), deps: {} }),
  });
