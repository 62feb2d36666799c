import type { List, Page } from '@stockyard/contracts';
import { AggregateStore, notFound, type OutboxRelay, stateOf, readPage } from '@stockyard/service-kit';
import { OPEN_STATUSES, type ImportJobState } from '../domain/import-job';
import type { ImportJobModel } from './import-job.model';

/** Import jobs: every write (claims, heartbeats, checkpoints, the end) through the aggregate store. */
export class ImportJobStore {
  readonly store: AggregateStore<ImportJobState>;

  constructor(
    private readonly model: ImportJobModel,
    relay: OutboxRelay,
  ) {
    this.store = new AggregateStore<ImportJobState>(model, relay, { name: 'Import', remember: 200 });
  }

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

  async delete(orgId: string, id: string): Promise<void> {
    await this.model.deleteOne({ _id: id, orgId });
    this.store.forget(orgId, id);
  }
}
