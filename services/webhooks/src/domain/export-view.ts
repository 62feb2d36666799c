import type { Export } from '@stockyard/contracts';
import type { ExportJob } from './export-job';

/** A completed job's presigned download, answered with it (README, Exports: its lifetime). */
export interface Download {
  url: string;
  expiresAt: Date;
}

/** The job as the API answers it; `download` only while it is completed. */
export const exportView = (job: ExportJob, download: Download | null): Export => ({
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
