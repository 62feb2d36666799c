import { AUDIT_RETENTION_DAYS } from '@stockyard/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where an organization's kept chain starts after a retention sweep: `startsFrom` is the
 * `previousHash` of the entry at `firstSequence` (the hash of the last entry removed), and
 * `removedThrough` when the trail recorded that last removed entry. Written before the entries
 * below `firstSequence` are removed, and only ever moved forward.
 */
export interface ChainAnchor {
  startsFrom: string;
  firstSequence: number;
  removedThrough: Date;
}

/** Entries the trail recorded before this moment are past a retention of `days`. */
export const retentionCutoff = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

/** Before this moment no organization keeps an entry (the shortest retention): an older entry may be due. */
export const earliestCutoff = (now: Date): Date => retentionCutoff(now, AUDIT_RETENTION_DAYS.min);

/**
 * The first sequence a sweep keeps, given the last entry recorded before the cutoff and the
 * chain's newest: the one after the last expired, but never past the newest (the appender links
 * the next entry to it). Undefined: nothing to remove.
 */
export function firstKept(lastExpired: number | undefined, tail: number): number | undefined {
  return lastExpired === undefined || tail <= 1 ? undefined : Math.min(lastExpired + 1, tail);
}
