import { counter, histogram } from '@stockyard/service-kit/ops';
import type { Endpoint } from '../domain/endpoint';
import type { SendResult } from './send';

/** An endpoint as its metrics name it: never its id (unbounded), only its state when the attempt was signed. */
type EndpointState = 'healthy' | 'failing' | 'disabled' | 'deleted';

const attempts = counter(
  'stockyard_webhook_attempts_total',
  'Delivery attempts by outcome (delivered: 2xx; refused: another status; unreachable: no answer) and endpoint state',
  ['outcome', 'endpoint_state'] as const,
);
const latency = histogram(
  'stockyard_webhook_attempt_duration_seconds',
  "A delivery attempt's POST, from sending to the receiver's answer or the timeout, by endpoint state",
  ['endpoint_state'] as const,
);
const abandoned = counter(
  'stockyard_webhook_abandoned_total',
  'Deliveries dropped unattempted because their endpoint was disabled or deleted meanwhile',
  ['endpoint_state'] as const,
);

/** Healthy until a delivery to it fails; failing while failures are counted against it. */
const stateOf = (endpoint: Endpoint): EndpointState => (endpoint.consecutiveFailures > 0 ? 'failing' : 'healthy');

export function recordAttempt(endpoint: Endpoint, result: SendResult): void {
  const state = stateOf(endpoint);
  const outcome = result.ok ? 'delivered' : result.responseStatus === null ? 'unreachable' : 'refused';
  attempts.inc({ outcome, endpoint_state: state });
  latency.observe({ endpoint_state: state }, result.durationMs / 1000);
}

export function recordAbandoned(endpoint: Endpoint | undefined): void {
  abandoned.inc({ endpoint_state: endpoint ? 'disabled' : 'deleted' });
}
