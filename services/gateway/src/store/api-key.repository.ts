import scrypt from 'scrypt-kdf';
import type { Page, Permission, Role } from '@stockyard/contracts';
import { AggregateStore, AppError, newId, readPage, type OutboxRelay } from '@stockyard/service-kit';
import { generateKey, type KeyType } from '../domain/api-key-format';
import type { ApiKeyModel, OrganizationModel } from './api-key.model';

import type { ApiKeyRecord } from '../domain/api-key-record';

export type { ApiKeyRecord };

interface NewApiKey {
  orgId: string;
  type: KeyType;
  name: string;
  role: Role;
  scopes?: readonly Permission[];
  channelId?: string | null;
  expiresAt?: Date | null;
}

/** logN 15 (32 MiB, ~50-100 ms): paid once per key and process, then cached. */
const SCRYPT_PARAMS = { logN: 15, r: 8, p: 1 };

const activeFilter = (orgId: string, now: Date) => ({
  orgId,
  revokedAt: null,
  $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }],
});

/** A key as its store holds it (`id` is the document's `_id`). */
type ApiKeyState = Omit<ApiKeyRecord, '_id'> & { id: string; version: number };

export class ApiKeyRepository {
  /**
   * Its writes (creation, revocation): the kit's store, each under the key's document lock and
   * version-guarded, carrying its `audit.recorded` event (type `api_key`) in the same write when
   * there is a relay. The hash is a secret the kit does not know by name.
   */
  private readonly store: AggregateStore<ApiKeyState>;

  constructor(
    private readonly keys: ApiKeyModel,
    private readonly orgs: OrganizationModel,
    /** The gateway's outbox relay; none for the bootstrap command, whose writes are not in the trail. */
    relay?: OutboxRelay,
  ) {
    this.store = new AggregateStore<ApiKeyState>(keys, relay, { name: 'API key', audit: { secretFields: ['hash'] } });
  }

  findById(keyId: string): Promise<ApiKeyRecord | null> {
    return this.keys.findById(keyId).lean<ApiKeyRecord>();
  }

  /** The organization's key of that id unless it is revoked (another organization's is null too). */
  async findActive(orgId: string, keyId: string): Promise<ApiKeyRecord | null> {
    const key = await this.findById(keyId); // by bare _id, tenancy checked here (README: FerretDB)
    return key && key.orgId === orgId && !key.revokedAt ? key : null;
  }

  async createOrganization(name: string): Promise<string> {
    const orgId = newId('org');
    await this.orgs.create({ _id: orgId, orgId, name });
    return orgId;
  }

  /** Creates a key and returns its plaintext: the only time it exists outside the caller. */
  async create(input: NewApiKey): Promise<{ id: string; token: string; displayPrefix: string; record: ApiKeyRecord }> {
    const { keyId, token, displayPrefix } = generateKey(input.type);
    const hash = (await scrypt.kdf(token, SCRYPT_PARAMS)).toString('base64');
    const {
      version: _version,
      id,
      ...stored
    } = await this.store.create({
      id: keyId,
      orgId: input.orgId,
      type: input.type,
      name: input.name,
      displayPrefix,
      role: input.role,
      scopes: [...(input.scopes ?? [])],
      channelId: input.channelId ?? null,
      hash,
      expiresAt: input.expiresAt ?? null,
      revokedAt: null,
    });
    return { id, token, displayPrefix, record: { ...stored, _id: id } };
  }

  /** Keys that still work: neither revoked nor expired. Oldest first, so pages are stable. */
  async listActive(orgId: string, page: Page, now = new Date()): Promise<{ records: ApiKeyRecord[]; total: number }> {
    const read = {
      filter: activeFilter(orgId, now),
      sort: { createdAt: 1 as const, _id: 1 as const },
      page,
      withTotal: true,
    };
    const { data, total } = await readPage(this.keys, read, (doc) => doc as unknown as ApiKeyRecord);
    return { records: data, total: total! };
  }

  /** Revokes an active key of the organization; false when there is none (unknown, other org, already revoked). */
  async revoke(orgId: string, keyId: string, now = new Date()): Promise<boolean> {
    try {
      const { result } = await this.store.change(orgId, keyId, (key) =>
        key.revokedAt ? { result: false } : { state: { ...key, revokedAt: now }, result: true },
      );
      return result;
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return false;
      throw err;
    }
  }
}

export const verifyKeyHash = (record: Pick<ApiKeyRecord, 'hash'>, token: string) =>
  scrypt.verify(Buffer.from(record.hash, 'base64'), token);
