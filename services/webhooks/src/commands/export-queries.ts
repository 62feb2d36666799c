import type { ExportListQuery } from '@stockyard/contracts';
import type { ObjectBucket } from '@stockyard/service-kit/objects';
import type { ExportJob } from '../domain/export-job';
import { exportNotFound } from '../domain/export.errors';
import { exportFileName, type Download } from '../domain/export-view';
import type { ExportJobReads } from '../store/export-job.repository';

/** How long a download URL works: long enough to start a large download, short enough to leak little. */
const DOWNLOAD_SECONDS = 15 * 60;

/** A job with its download, when it has one. */
interface ExportAnswer {
  job: ExportJob;
  download: Download | null;
}

/** The routes' reads of export jobs: each completed one with a fresh presigned download URL. */
export class ExportQueries {
  constructor(
    private readonly reads: ExportJobReads,
    private readonly bucket: Pick<ObjectBucket, 'presignGet'>,
  ) {}

  async get(orgId: string, id: string): Promise<ExportAnswer> {
    const job = await this.reads.find(orgId, id);
    if (!job) throw exportNotFound();
    return this.answer(job);
  }

  async list(orgId: string, query: ExportListQuery) {
    const { data, limit, next } = await this.reads.list(orgId, query);
    return { data: await Promise.all(data.map((job) => this.answer(job))), limit, next };
  }

  /** The job, and while it is completed its file's URL (signed here: no call to S3). */
  private async answer(job: ExportJob): Promise<ExportAnswer> {
    if (job.status !== 'completed' || !job.objectKey) return { job, download: null };
    const expiresAt = new Date(Date.now() + DOWNLOAD_SECONDS * 1000);
    const url = await this.bucket.presignGet(job.objectKey, DOWNLOAD_SECONDS, exportFileName(job));
    return { job, download: { url, expiresAt } };
  }
}
