import { counter, histogram } from '../ops/metrics';

/**
 * What a consumer did with a message: handled, skipped (nothing to do for it), a copy already handled,
 * sent to its retry queue, or parked on its dead-letter queue.
 */
export type DeliveryOutcome = 'handled' | 'skipped' | 'duplicate' | 'retried' | 'dead_lettered';

const deliveries = counter(
  'stockyard_consumer_deliveries_total',
  'Messages a consumer settled, by queue and outcome (handled, skipped, duplicate, retried, dead_lettered)',
  ['queue', 'outcome'] as const,
);
const redeliveries = counter(
  'stockyard_consumer_redeliveries_total',
  'Messages that came again: redelivered by RabbitMQ (a consumer died holding them) or back from the retry queue',
  ['queue'] as const,
);
const handling = histogram(
  'stockyard_consumer_handler_duration_seconds',
  "Time from a message's arrival to its settlement, by queue",
  ['queue'] as const,
);

/** The consumer's record of one message, keyed by its logical queue name (never an exchange's test prefix). */
export function recordDelivery(queue: string, outcome: DeliveryOutcome, seenBefore: boolean, seconds: number): void {
  deliveries.inc({ queue, outcome });
  if (seenBefore) redeliveries.inc({ queue });
  handling.observe({ queue }, seconds);
}
