import type { Decision } from '@stockyard/service-kit';
import {
  claimExport,
  completeExport,
  failExport,
  recordProgress,
  releaseExport,
  type Hold,
} from '../domain/export-lease';
import type { ExportJob } from '../domain/export-job';
import type { ExportJobReads, ExportJobStore } from '../store/export-job.repository';

/** Jobs looked at per claim: another replica may take the first ones meanwhile. */
const CLAIM_CANDIDATES = 8;

/**
 * A worker's lease on an export job and what it records under it. Each write is a version-guarded
 * change of the job (the store's), so of two replicas claiming one job only one wins, and a worker
 * whose lease was taken over writes nothing more: every step answers where it stands (Hold).
 */
export class ExportLeases {
  constructor(
    private readonly store: ExportJobStore,
    private readonly reads: ExportJobReads,
  ) {}

  /** The next job this worker could claim, claimed (a new attempt), or undefined when there is none. */
  async claimNext(owner: string, leaseMs: number): Promise<ExportJob | undefined> {
    for (const job of await this.reads.claimable(new Date(), CLAIM_CANDIDATES)) {
      const { state, result } = await this.store.change(job.orgId, job.id, (j) =>
        claimExport(j, owner, new Date(), leaseMs),
      );
      if (result) return state;
    }
    return undefined;
  }

  progress(job: ExportJob, owner: string, written: { rows: number; bytes: number }, leaseMs: number): Promise<Hold> {
    return this.step(job, (j) => recordProgress(j, owner, written, new Date(), leaseMs));
  }

  release(job: ExportJob, owner: string): Promise<Hold> {
    return this.step(job, (j) => releaseExport(j, owner));
  }

  complete(job: ExportJob, owner: string, file: { objectKey: string; rows: number; bytes: number }): Promise<Hold> {
    return this.step(job, (j) => completeExport(j, owner, file, new Date()));
  }

  fail(job: ExportJob, owner: string, failureCode: string): Promise<Hold> {
    return this.step(job, (j) => failExport(j, owner, failureCode, new Date()));
  }

  private async step(job: ExportJob, decide: (current: ExportJob) => Decision<ExportJob, Hold>): Promise<Hold> {
    const { result } = await this.store.change(job.orgId, job.id, decide);
    return result;
  }
}
