import type { ExportListQuery } from '@stockyard/contracts';
import { AggregateStore, readPage, type OutboxRelay } from '@stockyard/service-kit';
import type { ExportJob } from '../domain/export-job';
import type { ExportJobModel } from './export-job.model';

const DEFAULT_LIMIT = 20;

/**
 * The export jobs' store: the kit's (lock, version guard, the outbox for `export.completed`). Its
 * writes are in the audit trail (a request's create and cancel, the worker's status steps as the
 * `exports` job); a page's progress and the lease are bookkeeping, not recorded.
 */
export const exportJobStore = (model: ExportJobModel, relay: OutboxRelay | undefined) =>
  new AggregateStore<ExportJob>(model, relay, {
    name: 'Export',
    audit: { ignoredFields: ['rowsWritten', 'bytesWritten', 'attempt', 'leaseOwner', 'leaseUntil'] },
  });
export type ExportJobStore = ReturnType<typeof exportJobStore>;

/** A page of an organization's jobs, newest first; `next` continues after the last. */
interface ExportJobPage {
  data: ExportJob[];
  limit: number;
  next: string | null;
}

/** The jobs as states: one of an organization, a page of its list, the workers' claimable ones, the expirable ones. */
export class ExportJobReads {
  constructor(
    private readonly model: ExportJobModel,
    private readonly store: ExportJobStore,
  ) {}

  find(orgId: string, id: string): Promise<ExportJob | undefined> {
    return this.store.read(orgId, id);
  }

  async list(orgId: string, { status, resource, limit = DEFAULT_LIMIT, startingAfter }: ExportListQuery) {
    const filter = { orgId, ...(status ? { status } : {}), ...(resource ? { resource } : {}) };
    const read = { filter, sort: { createdAt: -1, _id: -1 } as const, page: { limit, offset: 0 }, startingAfter };
    const page = await readPage(this.model, { ...read, withTotal: false }, (doc) => this.store.stateOfDoc(doc));
    return { data: page.data, limit, next: page.next ?? null } satisfies ExportJobPage;
  }

  /**
   * Jobs a worker may claim, of any organization: queued ones, oldest first, then running ones no
   * worker holds (released, or whose lease ran out). One range of the `(status, leaseUntil,
   * createdAt)` index each (an `$or` over them would read every job ever made on our FerretDB).
   */
  async claimable(now: Date, limit: number): Promise<ExportJob[]> {
    const oldest = { createdAt: 1 } as const;
    const shapes = [
      { filter: { status: 'queued', leaseUntil: null }, sort: oldest },
      { filter: { status: 'running', leaseUntil: null }, sort: oldest },
      { filter: { status: 'running', leaseUntil: { $lte: now } }, sort: { leaseUntil: 1, createdAt: 1 } as const },
    ];
    const found: ExportJob[] = [];
    for (const { filter, sort } of shapes) {
      if (found.length >= limit) break;
      const docs = await this.model
        .find(filter)
        .sort(sort)
        .limit(limit - found.length)
        .lean<Record<string, unknown>[]>();
      found.push(...docs.map((doc) => this.store.stateOfDoc(doc)));
    }
    return found;
  }

  /** Completed jobs, of any organization, that finished at or before the cutoff, oldest first: one index range. */
  async expirable(cutoff: Date, limit: number): Promise<ExportJob[]> {
    const docs = await this.model
      .find({ status: 'completed', finishedAt: { $lte: cutoff } })
      .sort({ finishedAt: 1 })
      .limit(limit)
      .lean<Record<string, unknown>[]>();
    return docs.map((doc) => this.store.stateOfDoc(doc));
  }
}
