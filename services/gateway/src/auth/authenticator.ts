import { createHash, timingSafeEqual } from 'node:crypto';
import { permissionsOf, type Permission } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import { parseKey } from '../domain/api-key-format';
import { verifyKeyHash, type ApiKeyRecord, type ApiKeyRepository } from '../store/api-key.repository';

export interface Caller {
  key: ApiKeyRecord;
  permissions: readonly Permission[];
}

interface CacheEntry {
  digest: Buffer;
  key: ApiKeyRecord;
  fetchedAt: number;
}

const unauthorized = (message: string, code: string) =>
  new AppError('unauthorized', message, code, undefined, { 'WWW-Authenticate': 'Bearer realm="stockyard"' });

/**
 * Verifies a bearer key with scrypt once per process, then remembers a SHA-256 digest
 * of the token it verified. The key record itself is re-read after `refreshMs`, so a
 * revocation or expiry applies within that window without scrypt on the hot path.
 */
export class Authenticator {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly refreshMs = 1000,
  ) {}

  async authenticate(header: string | undefined): Promise<Caller> {
    const token = /^Bearer ([^\s]+)$/.exec(header ?? '')?.[1];
    if (!token) throw unauthorized('Missing or malformed Authorization header; expected "Bearer <API key>"', 'missing_api_key');
    const parsed = parseKey(token);
    if (!parsed) throw unauthorized('Invalid API key', 'invalid_api_key');

    const digest = createHash('sha256').update(token).digest();
    const key = await this.verifiedKey(parsed.keyId, token, digest);
    if (key.revokedAt) throw unauthorized('This API key has been revoked', 'api_key_revoked');
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw unauthorized('This API key has expired', 'api_key_expired');
    return { key, permissions: permissionsOf(key.role, key.scopes as Permission[]) };
  }

  private async verifiedKey(keyId: string, token: string, digest: Buffer): Promise<ApiKeyRecord> {
    const cached = this.cache.get(keyId);
    const known = cached !== undefined && timingSafeEqual(cached.digest, digest);
    if (known && Date.now() - cached.fetchedAt < this.refreshMs) return cached.key;

    const key = await this.keys.findById(keyId);
    if (!key) throw unauthorized('Invalid API key', 'invalid_api_key');
    if (!known && !(await verifyKeyHash(key, token))) throw unauthorized('Invalid API key', 'invalid_api_key');
    this.cache.set(keyId, { digest, key, fetchedAt: Date.now() });
    return key;
  }
}
