import { startService } from '@stockyard/testkit';
import { webhooks } from '../../src/app';

/** The webhooks service on the one harness; `env` sets its delivery settings. */
export const startWebhooks = (env: Record<string, string> = {}) =>
  startService(webhooks, { permissions: ['webhooks.manage'], env });
export type Harness = Awaited<ReturnType<typeof startWebhooks>>;
