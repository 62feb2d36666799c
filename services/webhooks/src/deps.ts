import type { AuditReads } from './commands/audit-reads';
import type { AuditRetentionSweep } from './commands/audit-retention-sweep';
import type { DeliveryCommands } from './commands/delivery-commands';
import type { EndpointCommands } from './commands/endpoint-commands';
import type { ExportCommands } from './commands/export-commands';
import type { ExportExpirySweep } from './commands/export-expiry-sweep';
import type { ExportQueries } from './commands/export-queries';
import type { DeliveryWorker } from './delivery/worker';
import type { ExportWorker } from './exports/export-worker';

/** What the endpoints module gives its routes. */
export interface EndpointsGiven {
  commands: EndpointCommands;
}

/** What the deliveries module gives its routes and the dispatcher. */
export interface DeliveriesGiven {
  commands: DeliveryCommands;
  /** Sends a new event's deliveries: the dispatcher's way in (tests hand it copies straight). */
  worker: Pick<DeliveryWorker, 'sendNew'>;
}

/** What the audit trail's module gives its routes: reads of the chain (the consumer writes it). */
export interface AuditGiven {
  reads: AuditReads;
  /** Removes entries past their retention; tests run its passes themselves (AUDIT_RETENTION_SWEEP_MS=0). */
  retention: Pick<AuditRetentionSweep, 'tick'>;
}

/** What the exports module gives its routes: the jobs' commands and reads, and the worker. */
export interface ExportsGiven {
  commands: ExportCommands;
  queries: ExportQueries;
  /** Runs jobs; tests run its passes themselves (EXPORT_POLL_MS=0) and stop it mid-job. */
  worker: Pick<ExportWorker, 'tick' | 'stop'>;
  /** Removes files past EXPORT_KEEP_DAYS; tests run its passes themselves (EXPORT_EXPIRY_SWEEP_MS=0). */
  expiry: Pick<ExportExpirySweep, 'tick'>;
}
