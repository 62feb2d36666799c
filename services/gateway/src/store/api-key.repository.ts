import scrypt from 'scrypt-kdf';
import type { Role } from '@stockyard/contracts';
import { newId } from '@stockyard/service-kit';
import { generateKey, type KeyType } from '../domain/api-key-format';
import type { ApiKeyModel, OrganizationModel } from './api-key.model';

export interface ApiKeyRecord {
  _id: string;
  orgId: string;
  type: KeyType;
  name: string;
  displayPrefix: string;
  role: Role;
  scopes: string[];
  channelId: string | null;
  hash: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** logN 15 (32 MiB, ~50-100 ms): paid once per key and process, then cached. */
const SCRYPT_PARAMS = { logN: 15, r: 8, p: 1 };

export class ApiKeyRepository {
  constructor(
    private readonly keys: ApiKeyModel,
    private readonly orgs: OrganizationModel,
  ) {}

  findById(keyId: string): Promise<ApiKeyRecord | null> {
    return this.keys.findById(keyId).lean<ApiKeyRecord>();
  }

  async createOrganization(name: string): Promise<string> {
    const orgId = newId('org');
    await this.orgs.create({ _id: orgId, name });
    return orgId;
  }

  /** Creates a key and returns its plaintext: the only time it exists outside the caller. */
  async create(input: { orgId: string; type: KeyType; name: string; role: Role; scopes?: string[]; expiresAt?: Date | null }) {
    const { keyId, token, displayPrefix } = generateKey(input.type);
    const hash = (await scrypt.kdf(token, SCRYPT_PARAMS)).toString('base64');
    await this.keys.create({ _id: keyId, ...input, displayPrefix, hash });
    return { id: keyId, token, displayPrefix };
  }
}

export const verifyKeyHash = (record: Pick<ApiKeyRecord, 'hash'>, token: string) =>
  scrypt.verify(Buffer.from(record.hash, 'base64'), token);
