import type { Readable } from 'node:stream';
import type { Page } from '@stockyard/contracts';
import { newId, type Logger } from '@stockyard/service-kit';
import { inKeyedRequest, randomId } from '@stockyard/service-kit/ids';
import { checkPublicUrl, type UrlPolicy } from '@stockyard/service-kit/net';
import { parse } from 'csv-parse/sync';
import type { ChannelsConfig } from '../channels.config';
import { fail, heartbeat, newImportJob, staged, type ImportJobState } from '../domain/import-job';
import { columnMap } from '../domain/import-row';
import {
  csvHeaderMissing,
  importTooLarge,
  LeaseLost,
  UPLOAD_ABORTED,
  uploadAborted,
  uploadInterrupted,
} from '../domain/import.errors';
import type { ImportChunks } from '../store/import-chunk.repository';
import type { ImportJobReads, ImportJobStore } from '../store/import-job.repository';
import type { SourceReads } from '../store/source.repository';
import { FEED_URL_RULES } from './channel-commands';
import type { ImportRunner } from './import-runner';

type Settings = Pick<ChannelsConfig, 'IMPORT_LEASE_MS' | 'IMPORT_MAX_BYTES'>;

/** The request an upload arrives on: its id (for the log) and whether its client has gone away. */
interface UploadRequest {
  requestId: string;
  clientGone: () => boolean;
}

/** Starts imports (an upload is stored before the 202; a URL is fetched by the worker) and reads them. */
export class ImportCommands {
  constructor(
    private readonly sources: SourceReads,
    /** The jobs' store (a test stages a crashed worker's job through it). */
    readonly jobs: ImportJobStore,
    private readonly reads: ImportJobReads,
    private readonly chunks: ImportChunks,
    private readonly runner: ImportRunner,
    private readonly urls: UrlPolicy,
    private readonly settings: Settings,
    private readonly logger: Logger,
  ) {}

  /**
   * Streams the request body into the job's chunks (a 422 `csv_header_missing` as soon as the
   * first chunk shows no header), then queues the job and answers it. While the request is open
   * the job's lease is renewed every third of IMPORT_LEASE_MS, however slowly the bytes come:
   * the lease says this process is alive, not that the client is fast. A refused upload's body
   * is read to its end and dropped (IMPORT_MAX_BYTES in all at most), never destroyed, so the
   * client gets the answer; one past that is left unread (the route closes the connection).
   * A client that goes away mid-body is an ordinary event: the job is kept FAILED
   * (`upload_aborted`), logged at info. A keyed upload run again after its process died answers
   * the job the first run staged (the body read and dropped); one it had not staged is left to
   * the sweep, and the file is staged in a new job.
   */
  async upload(
    orgId: string,
    sourceChannelId: string,
    body: Readable,
    request: UploadRequest,
  ): Promise<ImportJobState> {
    await this.sources.writable(orgId, sourceChannelId);
    const owner = this.runner.owner;
    const lease = this.settings.IMPORT_LEASE_MS;
    const id = newId('imp');
    const earlier = inKeyedRequest() ? await this.jobs.read(orgId, id) : undefined;
    if (earlier && earlier.status !== 'RECEIVING' && earlier.chunks > 0) {
      await dropRest(body, this.settings.IMPORT_MAX_BYTES);
      return earlier;
    }
    const job = await this.jobs.create(
      newImportJob(
        { id: earlier ? randomId('imp') : id, orgId, sourceChannelId, origin: 'upload', url: null },
        owner,
        new Date(),
        lease,
      ),
    );
    const keeper = new UploadLease(() =>
      this.jobs.change(orgId, job.id, (j) => ({ state: heartbeat(j, owner, new Date(), lease) })),
    );
    keeper.start(lease / 3);
    const max = this.settings.IMPORT_MAX_BYTES;
    const read = { bytes: 0 };
    try {
      const { chunks, bytes } = await this.chunks.stage(
        orgId,
        job.id,
        kept(body, read),
        max,
        () => importTooLarge(max),
        (data, seq) => {
          if (seq === 0) assertHeader(data);
          keeper.check();
        },
      );
      await keeper.stop();
      const { state } = await this.jobs.change(orgId, job.id, (j) => ({
        state: staged(j, owner, chunks, bytes),
      }));
      this.runner.kick();
      return state;
    } catch (err) {
      // Refused or cut off: nothing was applied and nobody saw a job.
      await keeper.stop();
      await this.chunks.removeAll(job.id);
      if (request.clientGone()) {
        // Kept FAILED, not deleted: the partner saw no answer, and the list tells what became of it.
        await this.jobs.change(orgId, job.id, (j) => fail(j, UPLOAD_ABORTED, new Date()));
        const fields = { orgId, jobId: job.id, requestId: request.requestId, bytesReceived: read.bytes };
        this.logger.info(fields, 'import upload aborted by the client');
        throw uploadAborted();
      }
      await this.jobs.remove(orgId, job.id);
      await dropRest(body, max - read.bytes);
      throw err instanceof LeaseLost ? uploadInterrupted() : err;
    }
  }

  /** `{url}`: the URL rules are checked now (422), the fetch is the worker's. */
  async fromUrl(orgId: string, sourceChannelId: string, url: string): Promise<ImportJobState> {
    await this.sources.writable(orgId, sourceChannelId);
    await checkPublicUrl(url, this.urls, FEED_URL_RULES);
    const job = await this.jobs.create(
      newImportJob(
        { id: newId('imp'), orgId, sourceChannelId, origin: 'url', url },
        this.runner.owner,
        new Date(),
        this.settings.IMPORT_LEASE_MS,
      ),
    );
    this.runner.kick();
    return job;
  }

  get(orgId: string, jobId: string): Promise<ImportJobState> {
    return this.reads.get(orgId, jobId);
  }

  async list(orgId: string, sourceChannelId: string, page: Page) {
    await this.sources.get(orgId, sourceChannelId);
    return this.reads.list(orgId, sourceChannelId, page);
  }
}

/** Renews an upload's lease on a timer, one renewal at a time; a failed one ends the upload at its next chunk. */
class UploadLease {
  private timer?: NodeJS.Timeout;
  private beating?: Promise<void>;
  /** What the first failed renewal met. */
  private lost?: { err: unknown };

  constructor(private readonly renew: () => Promise<unknown>) {}

  start(everyMs: number): void {
    this.timer = setInterval(() => {
      this.beating ??= this.renew().then(
        () => void (this.beating = undefined),
        (err: unknown) => void ((this.lost ??= { err }), (this.beating = undefined)),
      );
    }, everyMs);
    this.timer.unref();
  }

  /** Throws what a renewal met (LeaseLost when the sweep failed the job meanwhile). */
  check(): void {
    if (this.lost) throw this.lost.err;
  }

  /** No more renewals; resolves once the last one has ended. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
  }
}

/**
 * The body's bytes, counted in `read`. A reader that stops early (a refused header, a body
 * too large) leaves the stream as it is: a `for await` over the request itself would destroy
 * it, and with it the socket, before the error could be answered (the client saw a reset).
 */
async function* kept(body: Readable, read: { bytes: number }): AsyncGenerator<Buffer | string> {
  for await (const piece of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>) {
    read.bytes += piece.length;
    yield piece;
  }
}

/** Reads and drops the rest of a refused body, `budget` bytes at most (the route tells whether it ended). */
async function dropRest(body: Readable, budget: number): Promise<void> {
  if (body.readableEnded || body.destroyed || budget < 0) return;
  let left = budget;
  try {
    for await (const piece of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>) {
      left -= piece.length;
      if (left < 0) return;
    }
  } catch {
    // the client went away
  }
}

/** The first line of the file must name a `sku` column. */
function assertHeader(first: Buffer): void {
  const end = first.indexOf('\n');
  const line = first.subarray(0, end === -1 ? first.length : end).toString('utf8');
  let header: string[] = [];
  try {
    header = parse(line, { bom: true, relax_column_count: true, relax_quotes: true })[0] ?? [];
  } catch {
    header = [];
  }
  if (!columnMap(header)) throw csvHeaderMissing();
}
