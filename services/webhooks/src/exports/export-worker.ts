import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { PeriodicPass, type Logger } from '@stockyard/service-kit';
import type { ObjectBucket } from '@stockyard/service-kit/objects';
import type { ExportLeases } from '../commands/export-leases';
import { ExportRun, type RunSettings } from './export-run';
import type { RowsReader } from './export-rows';

/**
 * Runs export jobs. Every EXPORT_POLL_MS (and at start) each process claims the oldest job it can
 * (queued, or running with no live lease: a replica died or stopped) and runs it to its end, then
 * the next; one job at a time per process, so its memory is one job's whatever their number.
 */
export class ExportWorker extends PeriodicPass {
  /** This process's name on its leases. */
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly leases: ExportLeases,
    private readonly rows: RowsReader,
    private readonly bucket: Pick<ObjectBucket, 'partUpload' | 'remove'>,
    logger: Logger,
    private readonly settings: RunSettings & { pollMs: number },
  ) {
    super('exports', settings.pollMs, logger, { atStart: true });
  }

  protected async pass(): Promise<void> {
    while (!this.stopping) {
      const job = await this.leases.claimNext(this.owner, this.settings.leaseMs);
      if (!job) return;
      const { leases, rows, bucket, logger, settings, owner } = this;
      await new ExportRun(job, { owner, leases, rows, bucket, logger, settings, stopping: () => this.stopping }).run();
    }
  }
}
