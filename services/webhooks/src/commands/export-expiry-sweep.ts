import { PeriodicPass, type Logger } from '@stockyard/service-kit';
import type { ObjectBucket } from '@stockyard/service-kit/objects';
import { expireExport, type ExportJob } from '../domain/export-job';
import type { ExportJobReads, ExportJobStore } from '../store/export-job.repository';

/** Jobs expired per read of the candidates. */
const BATCH = 100;

interface ExpirySettings {
  everyMs: number;
  /** EXPORT_KEEP_DAYS: how long a completed job's file is kept after it finished. */
  keepDays: number;
}

/**
 * Every EXPORT_EXPIRY_SWEEP_MS each process removes the files of completed jobs that finished longer
 * ago than EXPORT_KEEP_DAYS, oldest first, and marks each job `expired`. The object goes first: a
 * sweep that dies between the two leaves the job completed, and the next one removes (again: a
 * missing object is fine) and marks it. Replicas sweeping together remove the same objects; the
 * mark is the store's version-guarded change, so only one of them writes it.
 */
export class ExportExpirySweep extends PeriodicPass {
  constructor(
    private readonly store: ExportJobStore,
    private readonly reads: ExportJobReads,
    private readonly bucket: Pick<ObjectBucket, 'remove'>,
    private readonly settings: ExpirySettings,
    logger: Logger,
  ) {
    super('export expiry', settings.everyMs, logger);
  }

  protected async pass(): Promise<void> {
    const cutoff = new Date(Date.now() - this.settings.keepDays * 86_400_000);
    let expired = 0;
    while (!this.stopping) {
      const jobs = await this.reads.expirable(cutoff, BATCH);
      let failed = 0;
      for (const job of jobs) {
        if (this.stopping) break;
        const outcome = await this.expire(job).catch((err: Error) => {
          this.logger.warn(
            { orgId: job.orgId, exportId: job.id, err: err.message },
            'export expiry left for the next sweep',
          );
          return undefined;
        });
        if (outcome === undefined) failed++;
        else if (outcome) expired++;
      }
      // A job that could not expire would be read again: the next sweep retries it.
      if (jobs.length < BATCH || failed > 0) break;
    }
    if (expired > 0) this.logger.info({ expired, keepDays: this.settings.keepDays }, 'export files expired');
  }

  /** True when this process marked the job expired (false: another replica did first). */
  private async expire(job: ExportJob): Promise<boolean> {
    if (job.objectKey) await this.bucket.remove(job.objectKey);
    const { changed } = await this.store.change(job.orgId, job.id, (current) => expireExport(current, new Date()));
    return changed;
  }
}
