import { IDENTITY_MAX_AGE_SECONDS, signIdentity } from '@stockyard/contracts';
import type { Caller } from '../auth/authenticator';

/** Re-sign well before services stop accepting the header. */
const REUSE_SECONDS = IDENTITY_MAX_AGE_SECONDS / 2;

/**
 * The signed identity header per key, reused for half its validity: a key's org,
 * permissions and channel never change (keys are created and revoked, not edited, and
 * a revoked key never gets this far), so signing on every request would be wasted HMACs.
 */
export class IdentitySigner {
  private readonly signed = new Map<string, { header: string; at: number }>();

  constructor(private readonly secret: string) {}

  headerFor({ key, permissions }: Caller, now = Math.floor(Date.now() / 1000)): string {
    const cached = this.signed.get(key._id);
    if (cached && now - cached.at < REUSE_SECONDS) return cached.header;
    const identity = { orgId: key.orgId, keyId: key._id, permissions: [...permissions], ...(key.channelId ? { channelId: key.channelId } : {}) };
    const header = signIdentity(identity, this.secret, now);
    if (this.signed.size >= 10_000) this.signed.clear(); // bounded; refilling costs one HMAC per key
    this.signed.set(key._id, { header, at: now });
    return header;
  }
}
