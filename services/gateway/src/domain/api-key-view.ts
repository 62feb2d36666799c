import type { ApiKey } from '@stockyard/contracts';
import type { ApiKeyRecord } from './api-key-record';
import { STOREFRONT_SCOPES } from './api-key-policy';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The wire shape of a key: whitelisted fields only, so the hash can never slip out. */
export function toApiKey(record: ApiKeyRecord, lastUsedAt: Date | null | undefined): ApiKey {
  return {
    id: record._id,
    type: record.type,
    name: record.name,
    prefix: record.displayPrefix,
    role: record.role,
    // A storefront key's scopes are its type's (api-key-policy.ts), whatever was stored when it was made.
    scopes: record.type === 'storefront' ? [...STOREFRONT_SCOPES] : [...record.scopes],
    channelId: record.channelId ?? null,
    lastUsedAt: iso(lastUsedAt),
    expiresAt: iso(record.expiresAt),
    createdAt: iso(record.createdAt)!,
  };
}

/** The later of two times, either possibly missing. */
export const latest = (a: Date | undefined, b: Date | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));
