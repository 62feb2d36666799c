import { createHash } from 'node:crypto';
import type { AuditRecordedPayload } from '@stockyard/contracts';
import { canonicalJson } from '@stockyard/service-kit/ids';

/** What the first entry of an organization's chain links to. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The fields a list filters on, copied out of the content. A resource field holds one value, or
 * several as an array when an entry touches several (the kit's records touch one each).
 */
export interface AuditFilterKeys {
  resourceType: string | string[] | null;
  resourceId: string | string[] | null;
  actorKeyId: string | null;
  route: string | null;
  status: number | null;
}

/** One entry of an organization's chain, as stored. */
export interface AuditEntry extends AuditFilterKeys {
  /** The `audit.recorded` event's id: a copy of the event finds its entry there. */
  id: string;
  orgId: string;
  /** 1, 2, 3… in the order the trail appended the organization's entries. */
  sequence: number;
  previousHash: string;
  hash: string;
  /** The record as canonical JSON: exactly the text that was hashed. */
  content: string;
  /** When the trail appended it; later than the entry before it. */
  recordedAt: Date;
}

/** A record to append: the event's id and its payload. */
export interface NewAuditRecord {
  id: string;
  payload: AuditRecordedPayload;
}

/** The last entry of a chain, or where an empty one starts. */
export interface ChainTail {
  sequence: number;
  hash: string;
  recordedAt: Date;
}

export const EMPTY_CHAIN: ChainTail = { sequence: 0, hash: GENESIS_HASH, recordedAt: new Date(0) };

const single = <T>(values: T[]): T | T[] | null => {
  const distinct = [...new Set(values)];
  return distinct.length === 0 ? null : distinct.length === 1 ? distinct[0]! : distinct;
};

export function filterKeysOf(payload: AuditRecordedPayload): AuditFilterKeys {
  return {
    resourceType: single(payload.resources.map((r) => r.type)),
    resourceId: single(payload.resources.map((r) => r.id)),
    actorKeyId: payload.actor.keyId,
    route: payload.request?.route ?? null,
    status: payload.status,
  };
}

/**
 * SHA-256 (hex) of the previous hash and the entry's canonical JSON, `{content, id, sequence}`:
 * the id and place are hashed with the record, so neither can be moved to another entry. The
 * content is canonical JSON already, so the text is assembled without parsing it again.
 */
export function entryHash(previousHash: string, id: string, sequence: number, content: string): string {
  const entry = `{"content":${content},"id":${JSON.stringify(id)},"sequence":${sequence}}`;
  return createHash('sha256').update(previousHash).update(entry).digest('hex');
}

/**
 * Records appended after `tail`, in order: each takes the next sequence and links to the one
 * before. `recordedAt` is now, or a millisecond after the entry before when that is later (a
 * batch, another replica's clock): it only grows along a chain, so a time range is a range of
 * sequences, found without ties to settle.
 */
export function chained(tail: ChainTail, records: readonly NewAuditRecord[], now: Date): AuditEntry[] {
  const entries: AuditEntry[] = [];
  let previous = tail;
  for (const { id, payload } of records) {
    const sequence = previous.sequence + 1;
    const recordedAt = new Date(Math.max(now.getTime(), previous.recordedAt.getTime() + 1));
    const content = canonicalJson(payload);
    const hash = entryHash(previous.hash, id, sequence, content);
    const keys = filterKeysOf(payload);
    entries.push({
      id,
      orgId: payload.orgId,
      sequence,
      previousHash: previous.hash,
      hash,
      content,
      recordedAt,
      ...keys,
    });
    previous = { sequence, hash, recordedAt };
  }
  return entries;
}
