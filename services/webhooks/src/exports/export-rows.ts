import { EXPORT_SOURCES, type ExportRows } from '@stockyard/contracts';
import type { AuditReads } from '../commands/audit-reads';
import type { ExportJob } from '../domain/export-job';
import type { OwnerRows } from '../peers/owner-rows';

/** One page of a job's rows after the cursor `after` (null: the first), in its owner's stable order. */
export type RowsReader = (job: ExportJob, after: string | null, limit: number) => Promise<ExportRows>;

/**
 * Where a job's rows come from: the trail is this service's own (the audit list's query, newest
 * first); every other resource is read from the service that keeps it, a page per call.
 */
export const rowsReader =
  (audit: Pick<AuditReads, 'exportRows'>, owners: OwnerRows): RowsReader =>
  (job, after, limit) => {
    if (job.resource !== 'audit_events')
      return owners(job.orgId, { resource: job.resource, filters: job.filters, after, limit });
    const filters = EXPORT_SOURCES.audit_events.filters.parse(job.filters);
    return audit.exportRows(job.orgId, filters, after, limit);
  };
