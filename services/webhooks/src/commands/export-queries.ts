import type { ExportListQuery } from '@stockyard/contracts';
import type { ObjectBucket } from '@stockyard/service-kit/objects';
import { fileExpiresAt, mayReadResource, type ExportJob } from '../domain/export-job';
import { exportNotFound } from '../domain/export.errors';
import { exportFileName, NO_FILE, type FileAnswer } from '../domain/export-view';
import type { ExportJobReads } from '../store/export-job.repository';

/** How long a download URL works: long enough to start a large download, short enough to leak little. */
const DOWNLOAD_SECONDS = 15 * 60;

/** A job with what the caller gets of its file. */
interface ExportAnswer {
  job: ExportJob;
  file: FileAnswer;
}

/**
 * The routes' reads of export jobs: each completed one with a fresh presigned download URL for a
 * caller whose key holds the resource's read permission at this read (not only at creation).
 */
export class ExportQueries {
  constructor(
    private readonly reads: ExportJobReads,
    private readonly bucket: Pick<ObjectBucket, 'presignGet'>,
    /** EXPORT_KEEP_DAYS: a completed job's file goes this long after it finished. */
    private readonly keepDays: number,
  ) {}

  async get(orgId: string, id: string, permissions: readonly string[]): Promise<ExportAnswer> {
    const job = await this.reads.find(orgId, id);
    if (!job) throw exportNotFound();
    return this.answer(job, permissions);
  }

  async list(orgId: string, query: ExportListQuery, permissions: readonly string[]) {
    const { data, limit, next } = await this.reads.list(orgId, query);
    return { data: await Promise.all(data.map((job) => this.answer(job, permissions))), limit, next };
  }

  /** The job, and while it is completed its file's URL (signed here: no call to S3) or why there is none. */
  private async answer(job: ExportJob, permissions: readonly string[]): Promise<ExportAnswer> {
    if (job.status === 'expired') {
      return { job, file: { download: null, unavailable: 'expired', expiresAt: job.expiredAt ?? null } };
    }
    if (job.status !== 'completed' || !job.objectKey) return { job, file: NO_FILE };
    const expiresAt = fileExpiresAt(job, this.keepDays);
    if (!mayReadResource(job.resource, permissions)) {
      return { job, file: { download: null, unavailable: 'missing_permission', expiresAt } };
    }
    const urlExpiresAt = new Date(Date.now() + DOWNLOAD_SECONDS * 1000);
    const url = await this.bucket.presignGet(job.objectKey, DOWNLOAD_SECONDS, exportFileName(job));
    return { job, file: { download: { url, expiresAt: urlExpiresAt }, unavailable: null, expiresAt } };
  }
}
