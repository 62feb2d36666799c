import { z } from 'zod';

/** The keys endpoint secrets are encrypted with: the first one encrypts, every one decrypts. */
export interface SecretKeys {
  currentKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
}

const ENTRY = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=_-]+)$/;

/**
 * `WEBHOOK_SECRET_KEYS`: comma-separated `<key id>:<base64 of 32 random bytes>` entries, for
 * example `k2:…,k1:…`. The first encrypts new and rotated secrets; every one listed can still
 * decrypt what it encrypted, which is how keys rotate (README: Signing secrets at rest).
 * Required: without a key the service cannot store a secret, so it does not start.
 */
export const secretKeysSetting = () =>
  z.string().transform((raw, ctx): SecretKeys => {
    const keys = new Map<string, Buffer>();
    for (const entry of raw.split(',').map((e) => e.trim())) {
      const match = ENTRY.exec(entry);
      const key = match ? Buffer.from(match[2]!, 'base64') : undefined;
      if (!match || key!.length !== 32 || keys.has(match[1]!)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be comma-separated <key id>:<base64 of 32 bytes> entries with distinct ids',
        });
        return z.NEVER;
      }
      keys.set(match[1]!, key!);
    }
    return { currentKeyId: keys.keys().next().value!, keys };
  });
