import { runService } from '@stockyard/service-kit';
import { buildApp } from './app';
import { configSchema } from './config';

runService('inventory', configSchema, ({ config, ...deps }) =>
  buildApp({
    ...deps,
    identitySecret: config.IDENTITY_SECRET,
    outbox: { intervalMs: config.OUTBOX_INTERVAL_MS, eager: config.OUTBOX_EAGER, foldWaitMs: config.OUTBOX_FOLD_MS },
  }),
);
