import type { Export } from '@stockyard/contracts';
import type { ExportJob } from './export-job';

/** A completed job's presigned download, answered with it (README, Exports: its lifetime). */
export interface Download {
  url: string;
  expiresAt: Date;
}

/**
 * What a read answers of a job's file: its download (a completed job, to a key that may read the
 * resource), else why there is none (`downloadUnavailable`), and when the file goes or went.
 */
export interface FileAnswer {
  download: Download | null;
  unavailable: Export['downloadUnavailable'];
  expiresAt: Date | null;
}

/** A job with no file yet, or never one (queued, running, failed, cancelled). */
export const NO_FILE: FileAnswer = { download: null, unavailable: null, expiresAt: null };

/** The job as the API answers it; a download only while it is completed. */
export const exportView = (job: ExportJob, { download, unavailable, expiresAt }: FileAnswer = NO_FILE): Export => ({
  id: job.id,
  resource: job.resource,
  format: job.format,
  filters: job.filters,
  fields: job.fields,
  status: job.status,
  rowsWritten: job.rowsWritten,
  bytesWritten: job.bytesWritten,
  failureCode: job.failureCode,
  downloadUrl: download?.url ?? null,
  downloadExpiresAt: download?.expiresAt.toISOString() ?? null,
  downloadUnavailable: unavailable,
  fileExpiresAt: expiresAt?.toISOString() ?? null,
  createdAt: (job.createdAt ?? new Date(0)).toISOString(),
  startedAt: job.startedAt?.toISOString() ?? null,
  finishedAt: job.finishedAt?.toISOString() ?? null,
});

/** Where an attempt's file goes in the exports bucket: one object per attempt, so a takeover never appends. */
export const exportObjectKey = (job: Pick<ExportJob, 'orgId' | 'id' | 'format'>, attempt: number) =>
  `exports/${job.orgId}/${job.id}/${attempt}.${job.format}`;

/** What a browser saves the download as. */
export const exportFileName = (job: Pick<ExportJob, 'resource' | 'id' | 'format'>) =>
  `${job.resource}-${job.id}.${job.format}`;
