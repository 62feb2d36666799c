import type { TypedEvent } from '@stockyard/contracts';
import type { AuditAppender } from '../../store/audit-appender';

/**
 * Appends each `audit.recorded` event to its organization's chain and returns once it is
 * stored (the consumer acks then). A copy of an event appended before appends nothing.
 */
export const auditRecordedHandler =
  (appender: Pick<AuditAppender, 'append'>) =>
  (event: TypedEvent<'audit.recorded'>): Promise<void> =>
    appender.append({ id: event.id, payload: event.payload });
