import { hash, timingSafeEqual } from 'node:crypto';
import { permissionsOf, type Permission } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import { parseKey } from '../domain/api-key-format';
import { verifyKeyHash, type ApiKeyRecord, type ApiKeyRepository } from '../store/api-key.repository';
import { VerificationGate } from './verification-gate';

export interface Caller {
  key: ApiKeyRecord;
  permissions: readonly Permission[];
}

interface CacheEntry {
  digest: Buffer;
  key: ApiKeyRecord;
  fetchedAt: number;
}

export interface AuthenticatorOptions {
  /** How long a cached key record is trusted before it is re-read (revocation fallback). */
  refreshMs?: number;
  gate?: VerificationGate;
  verify?: (record: ApiKeyRecord, token: string) => Promise<boolean>;
  /** Called on every successful authentication (lastUsedAt). */
  onUsed?: (key: ApiKeyRecord) => void;
}

/** Revocations heard over pub/sub are remembered this long; the record says it after that. */
const REVOKED_MEMORY_MS = 10 * 60_000;

const unauthorized = (message: string, code: string) =>
  new AppError('unauthorized', message, code, undefined, { 'WWW-Authenticate': 'Bearer realm="stockyard"' });
const invalidKey = () => unauthorized('Invalid API key', 'invalid_api_key');

/**
 * Verifies a bearer key with scrypt once per process, then remembers a SHA-256 digest
 * of the token it verified. The key record is re-read after `refreshMs`, and a revocation
 * announced by any replica (`revoked()`) applies at once, so neither waits for scrypt.
 */
export class Authenticator {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly reads = new Map<string, Promise<ApiKeyRecord | null>>();
  private readonly revokedIds = new Map<string, number>();
  /** Each record's permissions, worked out once (a refreshed record is a new object). */
  private readonly permissions = new WeakMap<ApiKeyRecord, readonly Permission[]>();
  private readonly refreshMs: number;
  private readonly gate: VerificationGate;
  private readonly verify: (record: ApiKeyRecord, token: string) => Promise<boolean>;

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly options: AuthenticatorOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 1000;
    this.gate = options.gate ?? new VerificationGate();
    this.verify = options.verify ?? verifyKeyHash;
  }

  async authenticate(header: string | undefined): Promise<Caller> {
    const token = /^Bearer ([^\s]+)$/.exec(header ?? '')?.[1];
    if (!token)
      throw unauthorized('Missing or malformed Authorization header; expected "Bearer <API key>"', 'missing_api_key');
    const parsed = parseKey(token); // a checksum failure costs no I/O and no scrypt
    if (!parsed) throw invalidKey();
    if (this.revokedIds.has(parsed.keyId)) throw unauthorized('This API key has been revoked', 'api_key_revoked');

    const digest = hash('sha256', token, 'buffer');
    const key = await this.verifiedKey(parsed.keyId, token, digest);
    if (key.revokedAt || this.revokedIds.has(key._id))
      throw unauthorized('This API key has been revoked', 'api_key_revoked');
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now())
      throw unauthorized('This API key has expired', 'api_key_expired');
    this.options.onUsed?.(key);
    let permissions = this.permissions.get(key);
    if (!permissions) this.permissions.set(key, (permissions = permissionsOf(key.role, key.scopes)));
    return { key, permissions };
  }

  /** A replica (this one or another) revoked the key: refuse it from now on. */
  revoked(keyId: string, now = Date.now()): void {
    this.cache.delete(keyId);
    for (const [id, at] of this.revokedIds) {
      if (now - at < REVOKED_MEMORY_MS) break; // insertion order is time order
      this.revokedIds.delete(id);
    }
    this.revokedIds.set(keyId, now);
  }

  private async verifiedKey(keyId: string, token: string, digest: Buffer): Promise<ApiKeyRecord> {
    const cached = this.cache.get(keyId);
    const known = cached !== undefined && timingSafeEqual(cached.digest, digest);
    if (known) {
      const age = Date.now() - cached.fetchedAt;
      // Past half its life the record is refreshed in the background, so a busy key
      // rarely waits for the database; past its full life a request waits for the read.
      if (age < this.refreshMs / 2) return cached.key;
      if (age < this.refreshMs) {
        void this.refresh(keyId, cached);
        return cached.key;
      }
    }

    const gateId = `${keyId}:${digest.toString('base64url')}`;
    if (!known && this.gate.knownBad(gateId)) throw invalidKey();
    const startedAt = Date.now();
    const key = await this.read(keyId);
    if (!key) {
      this.gate.refuse(gateId);
      throw invalidKey();
    }
    if (!known && !(await this.gate.verify(gateId, () => this.verify(key, token)))) throw invalidKey();
    // Aged from when the read started: the record is at least that fresh, never fresher.
    this.cache.set(keyId, { digest, key, fetchedAt: startedAt });
    return key;
  }

  private async refresh(keyId: string, entry: CacheEntry): Promise<void> {
    const startedAt = Date.now();
    const key = await this.read(keyId).catch(() => undefined); // the next blocking read reports errors
    if (key === undefined || this.cache.get(keyId) !== entry) return;
    if (key === null) this.cache.delete(keyId);
    else this.cache.set(keyId, { digest: entry.digest, key, fetchedAt: startedAt });
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
