import { subscription, type ServiceContext, type ServiceModule } from '@stockyard/service-kit';
import { AuditReads } from './commands/audit-reads';
import { AuditRetentionSweep } from './commands/audit-retention-sweep';
import type { Config } from './config';
import type { AuditGiven } from './deps';
import { auditRecordedHandler } from './events/handlers/audit-recorded.handler';
import { auditRoutes } from './http/audit.routes';
import { retentionDays } from './peers/audit-retention-days';
import { AuditAppender } from './store/audit-appender';
import { AuditChainAnchors } from './store/audit-chain-anchors.repository';
import { AuditEntries } from './store/audit-entries.repository';

/** The trail's queue: every service's `audit.recorded` events. */
const AUDIT_QUEUE = 'webhooks.audit';
/** Records in hand at once: the appender writes each organization's together. */
const AUDIT_PREFETCH = 64;

/**
 * The audit trail: every service's changes, appended to each organization's hash chain as
 * they arrive from the broker, and the routes that read and verify it. The entries' ids are
 * the events' ids, so the appender tells copies apart itself (no processed_events record). Its
 * part: the retention sweep, which removes entries past each organization's retention.
 */
export function auditModule({ config, connection, logger }: ServiceContext<Config>): ServiceModule<AuditGiven> {
  const entries = new AuditEntries(connection);
  const anchors = new AuditChainAnchors(connection);
  const appender = new AuditAppender(entries);
  const retention = new AuditRetentionSweep(
    entries,
    anchors,
    retentionDays(config),
    { everyMs: config.AUDIT_RETENTION_SWEEP_MS, batch: config.AUDIT_RETENTION_BATCH },
    logger,
  );
  const given = { reads: new AuditReads(entries, anchors), retention };
  const consumer = subscription({
    queue: AUDIT_QUEUE,
    events: ['audit.recorded'],
    prefetch: AUDIT_PREFETCH,
    dedupe: false,
    handler: auditRecordedHandler(appender),
  });
  return { given, parts: [retention], subscriptions: [consumer], api: (router) => auditRoutes(router, given) };
}
