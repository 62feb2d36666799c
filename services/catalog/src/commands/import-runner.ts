import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { AppError, type Logger, type Part } from '@stockyard/service-kit';
import { unkeyed } from '@stockyard/service-kit/ids';
import { type UrlPolicy } from '@stockyard/service-kit/net';
import { parse } from 'csv-parse';
import type { ChannelsConfig } from '../channels.config';
import { errors } from '../domain/errors';
import { planBatch, type FeedRow } from '../domain/import-batch';
import {
  begin,
  checkpoint,
  claim,
  complete,
  fail,
  fetched,
  heartbeat,
  release,
  type BatchProgress,
  type ImportJobState,
} from '../domain/import-job';
import { columnMap, parseRow, type ColumnMap } from '../domain/import-row';
import { LeaseLost } from '../domain/import.errors';
import { fetchFeed } from '../net/feed-fetch';
import type { ImportChunks } from '../store/import-chunk.repository';
import type { ImportJobReads, ImportJobStore } from '../store/import-job.repository';
import { SkuIndex } from '../store/sku-index';
import type { SourceSkuReads, SourceSkuWrites } from '../store/source-sku.repository';
import { FEED_URL_RULES } from './channel-commands';
import type { CostFollower } from './cost-follower';
import { countImportRows, timeImportRun } from './import-metrics';

type Settings = Pick<
  ChannelsConfig,
  'IMPORT_BATCH_ROWS' | 'IMPORT_LEASE_MS' | 'IMPORT_SWEEP_MS' | 'IMPORT_MAX_BYTES' | 'FEED_FETCH_TIMEOUT_MS'
>;
type Failure = { code: string; message: string };

/** Jobs one process applies at once; more wait for the sweep. */
const JOBS_AT_ONCE = 2;

/**
 * Applies import jobs. A job is claimed with a lease (renewed while it runs); every batch ends
 * in a checkpoint. At start and every IMPORT_SWEEP_MS the runner takes jobs nobody holds: new
 * ones, and those whose worker died (lease run out), which resume from their checkpoint; an
 * upload cut off while it was being received fails (`upload_interrupted`). So no job stays
 * RUNNING after its worker is gone.
 */
export class ImportRunner implements Part {
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private timer?: NodeJS.Timeout;
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;
  private sweeping?: Promise<void>;
  private again = false;

  constructor(
    private readonly jobs: ImportJobStore,
    private readonly reads: ImportJobReads,
    private readonly chunks: ImportChunks,
    private readonly skus: SourceSkuReads,
    private readonly skuWrites: SourceSkuWrites,
    private readonly costs: CostFollower,
    private readonly urls: UrlPolicy,
    private readonly settings: Settings,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopping = false;
    this.kick();
    this.timer = setInterval(() => this.kick(), this.settings.IMPORT_SWEEP_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.sweeping;
    await Promise.allSettled([...this.running.values()]);
  }

  /** Looks for work now (a new job, or the sweep); one sweep at a time. */
  kick(): void {
    if (this.stopping || this.running.size >= JOBS_AT_ONCE) return;
    if (this.sweeping) {
      this.again = true;
      return;
    }
    this.sweeping = unkeyed(() => this.sweep()) // a request's kick: the jobs' ids are not its
      .catch((err) => this.logger.error({ err }, 'import sweep failed'))
      .finally(() => {
        this.sweeping = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async sweep(): Promise<void> {
    for (const job of await this.reads.orphans(new Date())) {
      if (this.stopping || this.running.size >= JOBS_AT_ONCE) return;
      if (this.running.has(job.id)) continue;
      if (job.status === 'RECEIVING') {
        await this.abandonUpload(job);
        continue;
      }
      const { result: claimed, state } = await this.jobs.change(job.orgId, job.id, (j) =>
        claim(j, this.owner, new Date(), this.settings.IMPORT_LEASE_MS),
      );
      if (!claimed) continue;
      const run = this.run(state).finally(() => {
        this.running.delete(job.id);
        this.kick();
      });
      this.running.set(job.id, run);
    }
  }

  /** The request that received it died: nobody saw a 202, nothing was applied. */
  private async abandonUpload(job: ImportJobState): Promise<void> {
    const failure = { code: 'upload_interrupted', message: 'The upload was cut off before it was stored' };
    await this.jobs.change(job.orgId, job.id, (j) =>
      j.status === 'RECEIVING' && (j.leaseUntil === null || j.leaseUntil <= new Date())
        ? fail(j, failure, new Date())
        : {},
    );
    await this.chunks.removeAll(job.id);
  }

  private async run(claimed: ImportJobState): Promise<void> {
    const { orgId, id } = claimed;
    const log = this.logger.child({ orgId, jobId: id });
    const timed = timeImportRun(claimed);
    const beat = setInterval(
      () => void this.change(claimed, (j) => heartbeat(j, this.owner, new Date(), this.lease)).catch(() => undefined),
      this.lease / 3,
    );
    try {
      let job = claimed;
      if (job.origin === 'url' && job.chunks === 0) job = await this.fetch(job);
      const pass = new JobRun(this, job, log);
      const outcome = await pass.apply();
      if (outcome === 'stopped') await this.change(job, (j) => release(j, this.owner));
      else await this.jobs.change(orgId, id, (j) => complete(j, this.owner, new Date()));
      if (outcome !== 'stopped') await this.chunks.remove(id, job.chunks);
      timed(outcome);
      log.info({ outcome, timings: pass.timings }, 'import finished');
    } catch (err) {
      if (err instanceof LeaseLost) return void log.warn('import lease lost; another worker has it');
      timed('failed');
      const failure = describe(err);
      log.error({ err, failure }, 'import failed');
      await this.jobs.change(orgId, id, (j) => (j.leaseOwner === this.owner ? fail(j, failure, new Date()) : {}));
      await this.chunks.removeAll(id);
    } finally {
      clearInterval(beat);
    }
  }

  /** Fetches a URL import's feed into chunks (again from the start, if a worker died while fetching). */
  private async fetch(job: ImportJobState): Promise<ImportJobState> {
    await this.chunks.removeAll(job.id);
    const body = await fetchFeed(job.url!, this.urls, FEED_URL_RULES, this.settings.FEED_FETCH_TIMEOUT_MS);
    const max = this.settings.IMPORT_MAX_BYTES;
    const staged = await this.chunks.stage(job.orgId, job.id, body, max, () =>
      errors.import_too_large(`The feed is larger than ${max} bytes`),
    );
    return this.change(job, (j) => fetched(j, this.owner, staged.chunks, staged.bytes));
  }

  get lease(): number {
    return this.settings.IMPORT_LEASE_MS;
  }

  get batchRows(): number {
    return this.settings.IMPORT_BATCH_ROWS;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** A change of the job by this worker (throws LeaseLost when another holds it). */
  async change(job: ImportJobState, step: (j: ImportJobState) => ImportJobState): Promise<ImportJobState> {
    const { state } = await this.jobs.change(job.orgId, job.id, (j) => ({ state: step(j) }));
    return state;
  }

  deps() {
    return { chunks: this.chunks, skus: this.skus, skuWrites: this.skuWrites, costs: this.costs };
  }
}

/** One worker's pass over one job, from its checkpoint to the end of the file (or a stop). */
class JobRun {
  /** Where the pass spent its time (ms), logged when it ends (the benchmark prints it). */
  readonly timings = { index: 0, skuWrites: 0, costs: 0, checkpoints: 0, total: 0 };
  private readonly started = performance.now();
  /** The batch a worker that died had begun (its counts as planned), until it is applied again. */
  private resumed: BatchProgress | undefined;

  constructor(
    private readonly runner: ImportRunner,
    private job: ImportJobState,
    private readonly log: Logger,
  ) {
    this.resumed = resumedBatch(job);
  }

  async apply(): Promise<'done' | 'stopped'> {
    const { chunks, skus } = this.runner.deps();
    const { orgId, sourceChannelId } = this.job;
    const index = await this.timed('index', () => SkuIndex.load(skus, orgId, sourceChannelId));
    this.log.info(
      { stored: index.size, resumeAfter: this.job.rowsRead, resumed: this.resumed?.rowsRead },
      'import applying',
    );
    // A batch begun with no rows to replay (a job written down before `pendingBatch`): its costs now.
    if (this.resumed && this.resumed.rowsRead <= this.job.rowsRead) await this.applyBatch([], this.job.rowsRead, index);
    const parser = chunks
      .read(this.job.id, this.job.chunks)
      .pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true }));
    let columns: ColumnMap | undefined;
    let rowsRead = 0;
    let batch: FeedRow[] = [];
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!columns) {
        columns = columnMap(record);
        if (!columns)
          throw new ImportFailure('csv_header_missing', 'The first row is not a header with a "sku" column');
        continue;
      }
      rowsRead++;
      if (rowsRead <= this.job.rowsRead) continue; // applied before a restart
      batch.push({ ...parseRow(record, columns), line: info.lines });
      // The batch a worker that died had begun ends where it ended, whatever this worker's batch size.
      if (batch.length >= this.runner.batchRows || rowsRead === this.resumed?.rowsRead) {
        await this.applyBatch(batch, rowsRead, index);
        batch = [];
        if (this.runner.isStopping) return 'stopped';
      }
    }
    if (!columns) throw new ImportFailure('csv_header_missing', 'The feed is empty: no header row');
    if (batch.length > 0 || this.resumed) await this.applyBatch(batch, rowsRead, index);
    this.timings.total = Math.round(performance.now() - this.started);
    return 'done';
  }

  /**
   * One batch: written down (its costs and counts, `begin`), its SKUs written, its costs followed,
   * then the checkpoint. The batch a worker that died had begun (`resumed`) is replayed on what is
   * stored now and reports what that worker planned; its costs are all applied again.
   */
  private async applyBatch(rows: FeedRow[], rowsRead: number, index: SkuIndex): Promise<void> {
    const { skuWrites, costs } = this.runner.deps();
    const { orgId, sourceChannelId } = this.job;
    const owner = this.runner.owner;
    const lease = this.runner.lease;
    const plan = planBatch(orgId, sourceChannelId, rows, (sku) => index.get(sku), new Date());
    countImportRows(this.job, rows.length);
    const resumed = this.resumed;
    this.resumed = undefined;
    const counted: BatchProgress = resumed ?? {
      rowsRead,
      counts: plan.counts,
      errors: plan.errors,
      variantCostsChanged: 0,
    };
    const targets = resumed ? [...this.job.pendingCosts, ...plan.costs] : plan.costs;
    // Nothing to write: a replay reads the same rows the same way, and counts them the same.
    if (plan.writes.length > 0 || targets.length > 0) {
      this.job = await this.timed('checkpoints', () =>
        this.runner.change(this.job, (j) => begin(j, owner, counted, targets, new Date(), lease)),
      );
    }
    const raced = await this.timed('skuWrites', () => skuWrites.write(plan.writes));
    if (raced.length > 0)
      await this.retryRaced(
        raced.map((w) => w.next.sku),
        rows,
        index,
      );
    for (const w of plan.writes) index.set(w.next);
    const variantCostsChanged =
      targets.length > 0 ? await this.timed('costs', () => costs.follow(orgId, targets, { resumed: !!resumed })) : 0;
    const progress = { ...counted, rowsRead: Math.max(rowsRead, counted.rowsRead), variantCostsChanged };
    this.job = await this.timed('checkpoints', () =>
      this.runner.change(this.job, (j) => checkpoint(j, owner, progress, new Date(), lease)),
    );
  }

  private async timed<T>(key: 'index' | 'skuWrites' | 'costs' | 'checkpoints', work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.timings[key] += Math.round(performance.now() - started);
    }
  }

  /** SKUs another writer created while the batch was planned: planned again on what is stored now. */
  private async retryRaced(raced: string[], rows: FeedRow[], index: SkuIndex): Promise<void> {
    const { skus, skuWrites } = this.runner.deps();
    const { orgId, sourceChannelId } = this.job;
    const stored = await skus.bySkus(orgId, sourceChannelId, raced);
    const again = rows.filter((r) => r.ok && stored.has(r.sku));
    const plan = planBatch(orgId, sourceChannelId, again, (sku) => stored.get(sku), new Date());
    await skuWrites.write(plan.writes);
    for (const s of stored.values()) index.set(s);
  }
}

/**
 * The batch a worker that died had begun: its `pendingBatch`; a job written down with costs
 * only (before `pendingBatch`) has a batch of no rows of its own, its costs to apply.
 */
function resumedBatch(job: ImportJobState): BatchProgress | undefined {
  if (job.pendingBatch) return job.pendingBatch;
  if (job.pendingCosts.length === 0) return undefined;
  const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  return { rowsRead: job.rowsRead, counts, errors: [], variantCostsChanged: 0 };
}

class ImportFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function describe(err: unknown): Failure {
  if (err instanceof ImportFailure || err instanceof AppError) return { code: err.code, message: err.message };
  const e = err as { code?: string; message?: string };
  if (typeof e.code === 'string' && e.code.startsWith('CSV_'))
    return { code: 'csv_invalid', message: e.message ?? 'The CSV could not be read' };
  return { code: 'import_failed', message: 'The import stopped on an internal error; see the service log' };
}
