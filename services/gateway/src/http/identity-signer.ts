import { signIdentity } from '@stockyard/contracts';
import type { Caller } from '../auth/authenticator';
import { actorOf } from '../domain/api-key-record';
import type { ApiKeyRecord } from '../store/api-key.repository';

interface Signed {
  record: ApiKeyRecord;
  second: number;
  header: string;
}

/** Keys remembered at most; a busy gateway sees far fewer distinct keys in one second. */
const MAX_REMEMBERED = 10_000;

/**
 * Signs the caller's identity for the upstream service. A header is reused only within
 * the second it was signed in and only for the same key record (a refreshed record, with
 * a changed role or scopes, is signed anew): a busy key costs one HMAC a second, and no
 * header ever reaches a service older than a second, however long requests queue.
 */
export class IdentitySigner {
  private readonly signed = new Map<string, Signed>();

  constructor(private readonly secret: string) {}

  headerFor({ key, permissions }: Caller, now = Math.floor(Date.now() / 1000)): string {
    const cached = this.signed.get(key._id);
    if (cached && cached.second === now && cached.record === key) return cached.header;
    const identity = {
      orgId: key.orgId,
      keyId: key._id,
      permissions: [...permissions],
      ...(key.channelId ? { channelId: key.channelId } : {}),
      actor: actorOf(key),
    };
    const header = signIdentity(identity, this.secret, now);
    if (this.signed.size >= MAX_REMEMBERED) this.signed.clear();
    this.signed.set(key._id, { record: key, second: now, header });
    return header;
  }
}
