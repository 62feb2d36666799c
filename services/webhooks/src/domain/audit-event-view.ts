import type { AuditEvent, AuditRecordedPayload } from '@stockyard/contracts';
import type { AuditEntry } from './audit-entry';

/** An entry as the API answers it: the record as hashed, without its organization, and its place in the chain. */
export function auditEventView(entry: AuditEntry): AuditEvent {
  const { orgId: _orgId, ...record } = JSON.parse(entry.content) as AuditRecordedPayload;
  return { id: entry.id, sequence: entry.sequence, ...record, hash: entry.hash, previousHash: entry.previousHash };
}
