import type { OutboxRelay, ServiceContext, ServiceModule } from '@stockyard/service-kit';
import { ObjectBucket } from '@stockyard/service-kit/objects';
import type { AuditReads } from './commands/audit-reads';
import { ExportCommands } from './commands/export-commands';
import { ExportExpirySweep } from './commands/export-expiry-sweep';
import { ExportLeases } from './commands/export-leases';
import { ExportQueries } from './commands/export-queries';
import type { Config } from './config';
import type { ExportsGiven } from './deps';
import { rowsReader } from './exports/export-rows';
import { ExportWorker } from './exports/export-worker';
import { exportsRoutes } from './http/exports.routes';
import { ownerRows } from './peers/owner-rows';
import { exportJobModel } from './store/export-job.model';
import { ExportJobReads, exportJobStore } from './store/export-job.repository';

/**
 * Exports: the jobs' store (its `export.completed` and audit records through the service's relay),
 * the routes, and the worker that reads each job's rows (the trail here, other resources from
 * their owners) into a file in the exports bucket, and the sweep that removes files past their keep
 * time. Its parts: the bucket (made at start), then the worker and the sweep.
 */
export function exportsModule(
  { config, connection, logger }: ServiceContext<Config>,
  relay: OutboxRelay,
  audit: AuditReads,
): ServiceModule<ExportsGiven> {
  const bucket = new ObjectBucket(config, 'export storage', logger);
  const model = exportJobModel(connection);
  const store = exportJobStore(model, relay);
  const reads = new ExportJobReads(model, store);
  const worker = new ExportWorker(
    new ExportLeases(store, reads),
    rowsReader(audit, ownerRows(config)),
    bucket,
    logger,
    {
      pollMs: config.EXPORT_POLL_MS,
      leaseMs: config.EXPORT_LEASE_MS,
      pageRows: config.EXPORT_PAGE_ROWS,
      retryMs: config.EXPORT_RETRY_MS,
    },
  );
  const expiry = new ExportExpirySweep(
    store,
    reads,
    bucket,
    { everyMs: config.EXPORT_EXPIRY_SWEEP_MS, keepDays: config.EXPORT_KEEP_DAYS },
    logger,
  );
  const queries = new ExportQueries(reads, bucket, config.EXPORT_KEEP_DAYS);
  const given = { commands: new ExportCommands(store), queries, worker, expiry };
  return { given, parts: [bucket, worker, expiry], api: (router) => exportsRoutes(router, given) };
}
