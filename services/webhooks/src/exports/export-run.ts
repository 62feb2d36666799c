import { setTimeout as sleep } from 'node:timers/promises';
import { PeerUnavailableError, type ExportRows } from '@stockyard/contracts';
import { AppError, type Logger } from '@stockyard/service-kit';
import type { ObjectBucket, PartUpload } from '@stockyard/service-kit/objects';
import type { ExportLeases } from '../commands/export-leases';
import { encoderFor, type ExportEncoder } from '../domain/export-encoder';
import type { ExportJob } from '../domain/export-job';
import type { Hold } from '../domain/export-lease';
import { exportObjectKey } from '../domain/export-view';
import type { RowsReader } from './export-rows';

/** Retries of a page whose owner is away (waits of retryMs, then doubled): then the job fails. */
const PAGE_RETRIES = 3;

export interface RunSettings {
  leaseMs: number;
  pageRows: number;
  retryMs: number;
}

/** What a run needs of its worker. */
interface RunContext {
  owner: string;
  leases: ExportLeases;
  rows: RowsReader;
  bucket: Pick<ObjectBucket, 'partUpload' | 'remove'>;
  logger: Logger;
  settings: RunSettings;
  /** True once the worker is stopping: the run releases its job after the page in hand. */
  stopping: () => boolean;
}

type Outcome = 'done' | 'stopped' | Exclude<Hold, 'held'>;

/** A job's failure code: an owner (or S3) away is `dependency_unavailable`; anything else `export_failed`. */
const failureCodeOf = (err: unknown) =>
  err instanceof PeerUnavailableError || (err instanceof AppError && err.code === 'dependency_unavailable')
    ? 'dependency_unavailable'
    : 'export_failed';

/**
 * One attempt of a claimed job: its rows read page by page, encoded into its own file (always from
 * the first row: the attempt before it, if any, left no file presented as done), progress and the
 * lease recorded after each page, then completed with the file, or failed, cancelled or released.
 */
export class ExportRun {
  private rowsWritten = 0;
  private readonly log: Logger;

  constructor(
    private readonly job: ExportJob,
    private readonly ctx: RunContext,
  ) {
    this.log = ctx.logger.child({ orgId: job.orgId, exportId: job.id, attempt: job.attempt });
  }

  async run(): Promise<void> {
    const { job, ctx } = this;
    const key = exportObjectKey(job, job.attempt);
    // A worker that died after storing its file but before completing the job left it there.
    if (job.attempt > 1) await ctx.bucket.remove(exportObjectKey(job, job.attempt - 1)).catch(() => undefined);
    const encoder = encoderFor(job);
    const file = ctx.bucket.partUpload(key, encoder.contentType);
    try {
      const outcome = await this.write(file, encoder);
      if (outcome !== 'done') return await this.abandon(file, outcome);
      const bytes = await file.finish();
      const hold = await ctx.leases.complete(job, ctx.owner, { objectKey: key, rows: this.rowsWritten, bytes });
      if (hold !== 'held') await ctx.bucket.remove(key); // cancelled or taken over while the upload ended
      this.log.info({ outcome: hold === 'held' ? 'completed' : hold, rows: this.rowsWritten, bytes }, 'export ended');
    } catch (err) {
      await file.abort();
      const failureCode = failureCodeOf(err);
      this.log.warn({ err: (err as Error).message, failureCode }, 'export failed');
      await ctx.leases.fail(job, ctx.owner, failureCode);
    }
  }

  /** The header, then each page; after each, the progress (which tells a cancel or a takeover). */
  private async write(file: PartUpload, encoder: ExportEncoder): Promise<Outcome> {
    const { job, ctx } = this;
    await file.write(encoder.head());
    let after: string | null = null;
    do {
      const page = await this.page(after);
      if (page === 'stopped') return page;
      await file.write(encoder.encode(page.rows));
      this.rowsWritten += page.rows.length;
      const written = { rows: this.rowsWritten, bytes: file.bytes };
      const hold = await ctx.leases.progress(job, ctx.owner, written, ctx.settings.leaseMs);
      if (hold !== 'held') return hold;
      if (ctx.stopping()) return 'stopped';
      after = page.next;
    } while (after !== null);
    return 'done';
  }

  /** A page from the owner; one that is away is asked again after a wait, a few times. */
  private async page(after: string | null): Promise<ExportRows | 'stopped'> {
    const { job, ctx } = this;
    for (let retry = 0; ; retry++) {
      try {
        return await ctx.rows(job, after, ctx.settings.pageRows);
      } catch (err) {
        if (!(err instanceof PeerUnavailableError) || retry >= PAGE_RETRIES) throw err;
        this.log.warn({ err: err.message, retry: retry + 1 }, 'export page unavailable; retrying');
        await sleep(ctx.settings.retryMs * 2 ** retry);
        if (ctx.stopping()) return 'stopped';
      }
    }
  }

  /** No file: a cancel or a takeover leaves the job as it is; a stop releases it for the next worker. */
  private async abandon(file: PartUpload, outcome: Exclude<Outcome, 'done'>): Promise<void> {
    await file.abort();
    if (outcome === 'stopped') await this.ctx.leases.release(this.job, this.ctx.owner);
    this.log.info({ outcome, rows: this.rowsWritten }, 'export ended');
  }
}
