import { startService, TEST_WEBHOOK_SECRET_KEYS } from '@stockyard/testkit';
import { webhooks } from '../../src/app';
import { SecretBox } from '../../src/secrets/secret-box';
import { secretKeysSetting } from '../../src/secrets/secret-keys';

/** The webhooks service on the one harness; `env` sets its delivery settings. */
export const startWebhooks = (env: Record<string, string> = {}) =>
  startService(webhooks, {
    permissions: ['webhooks.manage'],
    env: { WEBHOOK_SECRET_KEYS: TEST_WEBHOOK_SECRET_KEYS, ...env },
  });
export type Harness = Awaited<ReturnType<typeof startWebhooks>>;

/** Seals and opens secrets with the key the harness gives the service. */
export const testSecrets = new SecretBox(secretKeysSetting().parse(TEST_WEBHOOK_SECRET_KEYS));
