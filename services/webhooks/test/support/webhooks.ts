import { startService, TEST_WEBHOOK_SECRET_KEYS, type HarnessOptions } from '@stockyard/testkit';
import { webhooks } from '../../src/app';
import { SecretBox } from '../../src/secrets/secret-box';
import { secretKeysSetting } from '../../src/secrets/secret-keys';

/**
 * The webhooks service in the harness, its requests acting for `orgId` unless they name another
 * organization; `options.env` (its delivery settings) over the test secret keys.
 */
export const startWebhooks = (orgId: string, options: HarnessOptions = {}) =>
  startService(webhooks, {
    orgId,
    permissions: ['webhooks.manage'],
    ...options,
    env: { WEBHOOK_SECRET_KEYS: TEST_WEBHOOK_SECRET_KEYS, ...options.env },
  });
export type Harness = Awaited<ReturnType<typeof startWebhooks>>;

/** Seals and opens secrets with the key the harness gives the service. */
export const testSecrets = new SecretBox(secretKeysSetting().parse(TEST_WEBHOOK_SECRET_KEYS));
