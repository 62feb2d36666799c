import { hash, timingSafeEqual } from 'node:crypto';
import type { Permission } from '@stockyard/contracts';
import { AppError, type Logger } from '@stockyard/service-kit';
import { parseKey } from '../domain/api-key-format';
import { errors } from '../domain/errors';
import { keyPermissions } from '../domain/api-key-policy';
import { verifyKeyHash, type ApiKeyRecord, type ApiKeyRepository } from '../store/api-key.repository';
import { DEFAULT_REFUSAL_MS, RefusalTimer } from './refusal-timer';
import { VerificationGate, type KdfSlot } from './verification-gate';

export interface Caller {
  key: ApiKeyRecord;
  permissions: readonly Permission[];
}

interface CacheEntry {
  key: ApiKeyRecord;
  fetchedAt: number;
}

interface AuthenticatorOptions {
  /** How long a cached key record is trusted before it is re-read (revocation fallback). */
  refreshMs?: number;
  gate?: VerificationGate;
  /** How long every refusal of a well-formed key takes, at least (RefusalTimer). */
  refusals?: RefusalTimer;
  verify?: (record: ApiKeyRecord, token: string) => Promise<boolean>;
  /** Called on every successful authentication (lastUsedAt). */
  onUsed?: (key: ApiKeyRecord) => void;
  logger?: Logger;
}

/** Revocations heard over pub/sub are remembered this long; the record says it after that. */
const REVOKED_MEMORY_MS = 10 * 60_000;
/** Verified tokens' digests kept per process; past that the oldest is verified again when next used. */
const MAX_DIGESTS = 100_000;

type Refusal = 'missing_api_key' | 'invalid_api_key' | 'api_key_revoked' | 'api_key_expired';
const unauthorized = (message: string, code: Refusal) =>
  errors[code](message, undefined, { 'WWW-Authenticate': 'Bearer realm="stockyard"' });
const invalidKey = () => unauthorized('Invalid API key', 'invalid_api_key');
const refuseAtOnce = async (): Promise<CacheEntry | null> => null;
const isRefusal = (err: unknown) => err instanceof AppError && (err.status === 401 || err.status === 429);

/**
 * Verifies a bearer key with scrypt once per process, then remembers the SHA-256 digest
 * of the token it verified: a key has one secret, so from then on any token for that key
 * id is compared with the digest alone, right or wrong, and never reaches scrypt. The key
 * record is re-read after `refreshMs`, and a revocation announced by any replica
 * (`revoked()`) applies at once. A wrong secret is `invalid_api_key` whatever the key's
 * state; only its real secret learns that it is revoked or expired.
 */
export class Authenticator {
  private readonly digests = new Map<string, Buffer>();
  private readonly cache = new Map<string, CacheEntry>();
  private readonly reads = new Map<string, Promise<ApiKeyRecord | null>>();
  private readonly revokedIds = new Map<string, number>();
  /** Each record's permissions, worked out once (a refreshed record is a new object). */
  private readonly permissions = new WeakMap<ApiKeyRecord, readonly Permission[]>();
  private readonly refreshMs: number;
  private readonly gate: VerificationGate;
  private readonly refusals: RefusalTimer;
  private readonly verify: (record: ApiKeyRecord, token: string) => Promise<boolean>;

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly options: AuthenticatorOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 1000;
    this.gate = options.gate ?? new VerificationGate(undefined, options.logger);
    this.refusals = options.refusals ?? new RefusalTimer(DEFAULT_REFUSAL_MS);
    this.verify = options.verify ?? verifyKeyHash;
  }

  /** `client` is who is calling before we know (client-address.ts): the budget is charged to it. */
  async authenticate(header: string | undefined, client = 'unknown'): Promise<Caller> {
    const token = /^Bearer ([^\s]+)$/.exec(header ?? '')?.[1];
    if (!token)
      throw unauthorized('Missing or malformed Authorization header; expected "Bearer <API key>"', 'missing_api_key');
    const parsed = parseKey(token); // a checksum failure costs no I/O and no scrypt, and says nothing of any key id
    if (!parsed) throw invalidKey();

    const startedAt = performance.now();
    const key = await this.verifiedKey(parsed.keyId, token, client).catch(async (err: unknown) => {
      if (isRefusal(err)) await this.refusals.hold(startedAt);
      throw err;
    });
    if (key.revokedAt || this.revokedIds.has(key._id))
      throw unauthorized('This API key has been revoked', 'api_key_revoked');
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now())
      throw unauthorized('This API key has expired', 'api_key_expired');
    this.options.onUsed?.(key);
    let permissions = this.permissions.get(key);
    if (!permissions) this.permissions.set(key, (permissions = keyPermissions(key)));
    return { key, permissions };
  }

  /** A replica (this one or another) revoked the key: refuse it from now on. */
  revoked(keyId: string, now = Date.now()): void {
    this.cache.delete(keyId); // its digest stays: a wrong secret is still told apart without scrypt
    for (const [id, at] of this.revokedIds) {
      if (now - at < REVOKED_MEMORY_MS) break; // insertion order is time order
      this.revokedIds.delete(id);
    }
    this.revokedIds.set(keyId, now);
  }

  private async verifiedKey(keyId: string, token: string, client: string): Promise<ApiKeyRecord> {
    const digest = hash('sha256', token, 'buffer');
    const known = this.digests.get(keyId);
    if (known && timingSafeEqual(known, digest)) return this.currentRecord(keyId);
    const id = `${keyId}:${digest.toString('base64url')}`;
    if (this.gate.knownBad(id)) throw invalidKey();
    // Known here and not this secret: refused with no read and no scrypt, but through the gate all
    // the same (charged, remembered), so this id answers like one this process has not verified.
    const verified = await this.gate.verify(
      { id, keyId, client },
      known ? refuseAtOnce : this.readAndVerify(keyId, token),
    );
    if (!verified) throw invalidKey();
    this.remember(keyId, digest);
    // Aged from when the read started: the record is at least that fresh, never fresher.
    this.cache.set(keyId, verified);
    return verified.key;
  }

  private readAndVerify(keyId: string, token: string) {
    return async (kdf: KdfSlot) => {
      const startedAt = performance.now();
      const fetchedAt = Date.now();
      const key = await this.read(keyId);
      if (!key) return null;
      const ok = await kdf(() => this.verify(key, token));
      this.refusals.observe(performance.now() - startedAt);
      return ok ? { key, fetchedAt } : null;
    };
  }

  /** The record of a key whose secret is known here, from the cache while it is fresh. */
  private async currentRecord(keyId: string): Promise<ApiKeyRecord> {
    const cached = this.cache.get(keyId);
    if (cached) {
      const age = Date.now() - cached.fetchedAt;
      // Past half its life the record is refreshed in the background, so a busy key
      // rarely waits for the database; past its full life a request waits for the read.
      if (age < this.refreshMs / 2) return cached.key;
      if (age < this.refreshMs) {
        void this.refresh(keyId, cached);
        return cached.key;
      }
    }
    const fetchedAt = Date.now();
    const key = await this.read(keyId);
    if (!key) {
      this.cache.delete(keyId);
      throw invalidKey(); // deleted from the database
    }
    this.cache.set(keyId, { key, fetchedAt });
    return key;
  }

  private remember(keyId: string, digest: Buffer): void {
    this.digests.delete(keyId);
    if (this.digests.size >= MAX_DIGESTS) this.digests.delete(this.digests.keys().next().value!);
    this.digests.set(keyId, digest);
  }

  private async refresh(keyId: string, entry: CacheEntry): Promise<void> {
    const fetchedAt = Date.now();
    const key = await this.read(keyId).catch(() => undefined); // the next blocking read reports errors
    if (key === undefined || this.cache.get(keyId) !== entry) return;
    if (key === null) this.cache.delete(keyId);
    else this.cache.set(keyId, { key, fetchedAt });
  }

  /** One database read per key at a time, however many requests find the cache stale together. */
  private read(keyId: string): Promise<ApiKeyRecord | null> {
    const pending = this.reads.get(keyId);
    if (pending) return pending;
    const read = this.keys.findById(keyId).finally(() => this.reads.delete(keyId));
    this.reads.set(keyId, read);
    return read;
  }
}
