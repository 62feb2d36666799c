import { setTimeout as sleep } from 'node:timers/promises';
import { isDuplicateKeyError } from '@stockyard/service-kit';
import { KeyedMutex } from '@stockyard/service-kit/store';
import { chained, type NewAuditRecord } from '../domain/audit-entry';
import type { AuditEntries } from './audit-entries.repository';

interface Waiting {
  record: NewAuditRecord;
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface AppenderOptions {
  /** How long an organization's first waiting record waits for others to share its insert. */
  windowMs: number;
  /** Records in one insert at most; a batch this full goes at once. */
  maxBatch: number;
}

/** Appends that lost every race to other replicas: the consumer retries the records later. */
const MAX_ATTEMPTS = 50;

/** A duplicate key in a bulk insert, as MongoDB and our FerretDB report it. */
function tookTheSameKey(err: unknown): boolean {
  if (isDuplicateKeyError(err)) return true;
  const raw = (err as { writeErrors?: unknown }).writeErrors;
  const failures = (Array.isArray(raw) ? raw : raw ? [raw] : []) as { code?: number; errmsg?: string }[];
  return failures.some((f) => isDuplicateKeyError({ code: f.code, message: f.errmsg }));
}

/**
 * Appends records to their organization's chain. Records of one organization that arrive
 * within `windowMs` (a consumer's prefetch) go in one ordered insert; writes of one
 * organization take turns in this process, and those of several run side by side. Each
 * caller's promise resolves once its record is stored, so its message is acked only then.
 * Another replica appending to the same chain takes a place first: the insert fails on the
 * unique place, and the records still missing are chained again after the new tail.
 */
export class AuditAppender {
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly turns = new KeyedMutex();

  constructor(
    private readonly entries: AuditEntries,
    private readonly options: AppenderOptions = { windowMs: 5, maxBatch: 256 },
  ) {}

  /** Resolves once the record is in its chain: appended now, or found there (a copy of its event). */
  append(record: NewAuditRecord): Promise<void> {
    const orgId = record.payload.orgId;
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(orgId) ?? [];
      queue.push({ record, resolve, reject });
      this.waiting.set(orgId, queue);
      if (queue.length >= this.options.maxBatch) this.flush(orgId);
      else if (!this.timers.has(orgId)) {
        this.timers.set(
          orgId,
          setTimeout(() => this.flush(orgId), this.options.windowMs),
        );
      }
    });
  }

  private flush(orgId: string): void {
    clearTimeout(this.timers.get(orgId));
    this.timers.delete(orgId);
    void this.turns.run(orgId, async () => {
      // Taken when the organization's turn comes: records that came during the last write join.
      const queue = this.waiting.get(orgId) ?? [];
      const batch = queue.splice(0, this.options.maxBatch);
      if (queue.length === 0) this.waiting.delete(orgId);
      else this.flush(orgId);
      if (batch.length === 0) return;
      try {
        await this.write(
          orgId,
          batch.map((w) => w.record),
        );
        batch.forEach((w) => w.resolve());
      } catch (err) {
        batch.forEach((w) => w.reject(err));
      }
    });
  }

  private async write(orgId: string, records: NewAuditRecord[]): Promise<void> {
    let left = [...new Map(records.map((r) => [r.id, r])).values()];
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const appended = await this.entries.appended(left.map((r) => r.id));
      left = left.filter((r) => !appended.has(r.id));
      if (left.length === 0) return;
      const tail = await this.entries.tail(orgId);
      try {
        await this.entries.insert(chained(tail, left, new Date()));
        return;
      } catch (err) {
        if (!tookTheSameKey(err)) throw err;
      }
      await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
    throw new Error(`the audit chain of ${orgId} kept moving: ${left.length} records not appended`);
  }
}
