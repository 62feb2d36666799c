import type { List, Page } from '@stockyard/contracts';
import { AggregateStore, notFound, type OutboxRelay, stateOf, readPage } from '@stockyard/service-kit';
import { OPEN_STATUSES, type ImportJobState } from '../domain/import-job';
import type { ImportJobModel } from './import-job.model';

/** Import jobs' store: every write (claims, heartbeats, checkpoints, the end, a removal) goes through it. */
export const importJobStore = (model: ImportJobModel, relay: OutboxRelay) =>
  new AggregateStore<ImportJobState>(model, relay, { name: 'Import', remember: 200 });
export type ImportJobStore = ReturnType<typeof importJobStore>;

/** Import jobs as states: one job, a source's jobs, the sweep's orphans. */
export class ImportJobReads {
  constructor(
    private readonly model: ImportJobModel,
    private readonly store: ImportJobStore,
  ) {}

  async get(orgId: string, id: string): Promise<ImportJobState> {
    const job = await this.store.read(orgId, id);
    if (!job) throw notFound('Import');
    return job;
  }

  async list(orgId: string, sourceChannelId: string, { limit, offset }: Page): Promise<List<ImportJobState>> {
    const { data, total } = await readPage<ImportJobState>(this.model, {
      filter: { orgId, sourceChannelId },
      sort: { createdAt: -1, _id: -1 },
      page: { limit, offset },
      withTotal: true,
    });
    return { data, total: total!, limit, offset };
  }

  /**
   * Open jobs (any organization) whose holder's lease ran out, or that nobody holds: the
   * sweep's work. One read per open status and lease condition, each a range of the
   * `(status, leaseUntil)` index (an `$in` or `$or` over them would read every job ever made).
   */
  async orphans(now: Date, limit = 50): Promise<ImportJobState[]> {
    const found: ImportJobState[] = [];
    for (const status of OPEN_STATUSES) {
      for (const leaseUntil of [null, { $lte: now }]) {
        if (found.length >= limit) break;
        const rows = await this.model
          .find({ status, leaseUntil })
          .limit(limit - found.length)
          .lean();
        found.push(...rows.map((r) => stateOf<ImportJobState>(r)));
      }
    }
    return found;
  }
}
