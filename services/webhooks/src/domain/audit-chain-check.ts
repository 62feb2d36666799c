import type { AuditRecordedPayload, AuditVerification } from '@stockyard/contracts';
import { canonicalJson } from '@stockyard/service-kit/ids';
import { entryHash, filterKeysOf, GENESIS_HASH, type AuditEntry, type AuditFilterKeys } from './audit-entry';
import type { ChainAnchor } from './audit-retention';

type Break = NonNullable<AuditVerification['brokenAt']>;

/** Where a check starts: the entry before the range (`hash` null when that entry is missing). */
export interface CheckStart {
  sequence: number;
  hash: string | null;
}

export const FROM_GENESIS: CheckStart = { sequence: 0, hash: GENESIS_HASH };

/** What a check needs of the anchor a retention sweep left: the entry the kept chain starts at, and its link. */
export type CheckAnchor = Pick<ChainAnchor, 'firstSequence' | 'startsFrom'>;

/**
 * Where a check of the entries from `low` starts. The genesis at the first place; else the entry
 * before, when it is stored (`before`, its hash). When it is not: at the anchor's first sequence,
 * the anchor's `startsFrom`; below it, the entry's own link (`firstLink`), since a sweep that died
 * after its anchor removes those entries oldest first, each one's predecessor gone before it;
 * anywhere else, nothing (`missing`: removed behind the API).
 */
export function checkStart(
  low: number,
  { before, firstLink, anchor }: { before?: string; firstLink?: string; anchor?: CheckAnchor },
): CheckStart {
  if (low <= 1) return FROM_GENESIS;
  const sequence = low - 1;
  if (before !== undefined) return { sequence, hash: before };
  if (anchor && low === anchor.firstSequence) return { sequence, hash: anchor.startsFrom };
  if (anchor && low < anchor.firstSequence && firstLink !== undefined) return { sequence, hash: firstLink };
  return { sequence, hash: null };
}

const keysOf = (e: AuditFilterKeys): AuditFilterKeys => ({
  resourceType: e.resourceType,
  resourceId: e.resourceId,
  actorKeyId: e.actorKeyId,
  route: e.route,
  status: e.status,
});

/**
 * Whether the entry is what was appended: its hash is its content's, and what a list filters on
 * (stored beside the content) and its organization are what the content says.
 */
function contentHolds(entry: AuditEntry): boolean {
  if (entryHash(entry.previousHash, entry.id, entry.sequence, entry.content) !== entry.hash) return false;
  try {
    const payload = JSON.parse(entry.content) as AuditRecordedPayload;
    return payload.orgId === entry.orgId && canonicalJson(filterKeysOf(payload)) === canonicalJson(keysOf(entry));
  } catch {
    return false; // not a record at all
  }
}

/**
 * Walks entries in sequence order and stops at the first that breaks the chain: one whose
 * sequence skips (`missing`: the entry before it is gone), one whose `previousHash` is not the
 * hash of the entry before (`link_broken`), one whose content does not give its hash
 * (`content_changed`). A link is checked against the previous entry's stored hash, so an edit
 * is reported at the entry edited, not at the one after it too. The entry a retention anchor
 * names must also link to the anchor's `startsFrom` (`link_broken` otherwise).
 */
export class ChainCheck {
  private previous: CheckStart;
  private checked = 0;
  private first: number | null = null;
  private last: number | null = null;
  private broken: Break | null = null;
  private firstLink: string | null = null;

  constructor(
    private readonly start: CheckStart,
    private readonly anchor?: CheckAnchor,
  ) {
    this.previous = start;
  }

  /** False once the chain broke: nothing after the break is worth reading. */
  add(entry: AuditEntry): boolean {
    this.checked++;
    this.first ??= entry.sequence;
    this.firstLink ??= entry.previousHash;
    this.last = entry.sequence;
    const reason =
      entry.sequence !== this.previous.sequence + 1 || this.previous.hash === null
        ? 'missing'
        : entry.previousHash !== this.previous.hash || !this.linksToAnchor(entry)
          ? 'link_broken'
          : contentHolds(entry)
            ? null
            : 'content_changed';
    if (reason) {
      this.broken = { id: entry.id, sequence: entry.sequence, reason };
      return false;
    }
    this.previous = { sequence: entry.sequence, hash: entry.hash };
    return true;
  }

  private linksToAnchor(entry: AuditEntry): boolean {
    return entry.sequence !== this.anchor?.firstSequence || entry.previousHash === this.anchor.startsFrom;
  }

  /** The answer; `startsFrom` is the hash the range links to (what its first entry claims when that is gone). */
  result(): AuditVerification {
    return {
      intact: this.broken === null,
      checked: this.checked,
      firstSequence: this.first,
      lastSequence: this.last,
      brokenAt: this.broken,
      startsFrom: this.start.hash ?? this.firstLink ?? GENESIS_HASH,
    };
  }
}
