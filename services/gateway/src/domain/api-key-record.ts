import type { AuditActor, Permission, Role } from '@stockyard/contracts';
import type { KeyType } from './api-key-format';

/** An API key as it is stored: its hash, never its secret (the repository reads and writes it). */
export interface ApiKeyRecord {
  _id: string;
  orgId: string;
  type: KeyType;
  name: string;
  displayPrefix: string;
  role: Role;
  scopes: Permission[];
  channelId: string | null;
  hash: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

/** The key as the audit trail names who acted: its id, name, role and type. */
export const actorOf = (key: Pick<ApiKeyRecord, '_id' | 'name' | 'role' | 'type'>): AuditActor => ({
  kind: 'key',
  keyId: key._id,
  name: key.name,
  role: key.role,
  type: key.type,
  job: null,
});
