import { signIdentity } from '@stockyard/contracts';
import type { Caller } from '../auth/authenticator';

/**
 * Signs the caller's identity for the upstream service, afresh on every request (one
 * HMAC, microseconds). A header reused across requests would age while requests queue
 * under load, and services refuse identities older than IDENTITY_MAX_AGE_SECONDS.
 */
export class IdentitySigner {
  constructor(private readonly secret: string) {}

  headerFor({ key, permissions }: Caller, now = Math.floor(Date.now() / 1000)): string {
    const identity = { orgId: key.orgId, keyId: key._id, permissions: [...permissions], ...(key.channelId ? { channelId: key.channelId } : {}) };
    return signIdentity(identity, this.secret, now);
  }
}
