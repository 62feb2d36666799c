import type { Logger } from '@stockyard/service-kit';
import { deliveryEndedChange } from '../domain/endpoint';
import { outcomeOf, type RetryPolicy } from '../domain/delivery';
import type { ClaimedDelivery, DeliveryRepository } from '../store/delivery.repository';
import type { EndpointRepository } from '../store/endpoint.repository';
import { postWebhook, prepareWebhook, type SendOptions } from './send';

export interface AttemptDeps {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  logger: Logger;
  send: SendOptions;
  retry: RetryPolicy;
}

/**
 * One attempt of a claimed delivery. The endpoint is read now, not when the event
 * arrived, so a disable, a deletion, a new URL or a rotated secret applies at once.
 * Returns when the next attempt is due, if there is one and this worker recorded it.
 */
export async function attemptDelivery(delivery: ClaimedDelivery, deps: AttemptDeps): Promise<Date | null> {
  const log = { deliveryId: delivery.id, orgId: delivery.orgId, endpointId: delivery.endpointId, eventId: delivery.eventId };
  const number = delivery.attempts.length + 1;
  // Read and signed as the endpoint's reader: a rotation either precedes the signature
  // (the new secret is used) or waits for it to be made.
  const target = await deps.endpoints.withEndpoint(delivery.orgId, delivery.endpointId, (endpoint) => {
    if (!endpoint?.enabled) return { endpoint };
    const webhook = { url: endpoint.url, secret: endpoint.secret, event: delivery.event, deliveryId: delivery.id, attempt: number, data: delivery.payload };
    return { endpoint, prepared: prepareWebhook(webhook) };
  });
  if (!target.prepared) {
    if (target.endpoint) await deps.deliveries.abandon(delivery, 'endpoint disabled');
    // Created by the dispatcher while its endpoint was being deleted: finish the cascade.
    else await deps.deliveries.remove(delivery);
    deps.logger.info({ ...log, reason: target.endpoint ? 'endpoint disabled' : 'endpoint deleted' }, 'webhook delivery abandoned');
    return null;
  }

  const at = new Date();
  const result = await postWebhook(target.endpoint.url, target.prepared, deps.send);
  const outcome = outcomeOf(number, result, deps.retry, new Date());
  const { ok: _ok, retryAfterSeconds: _retryAfter, ...recorded } = result;
  const kept = await deps.deliveries.recordAttempt(delivery, { number, at, ...recorded }, outcome);
  const level = result.ok ? 'info' : 'warn';
  deps.logger[level]({ ...log, attempt: number, status: outcome.status, responseStatus: result.responseStatus, error: result.error, kept }, 'webhook attempt');
  // A success with no failures counted when we read the endpoint changes nothing: skipping
  // the write keeps deliveries to one endpoint from queuing on its lock.
  const countChanges = outcome.status === 'failed' || (outcome.status === 'succeeded' && target.endpoint.consecutiveFailures > 0);
  if (kept && countChanges) await countDeliveryEnd(delivery, outcome.status === 'succeeded', deps);
  return kept ? outcome.nextAttemptAt : null;
}

/** The consecutive-failure rule: a success resets the count, the fifth failed delivery in a row disables. */
async function countDeliveryEnd(delivery: ClaimedDelivery, succeeded: boolean, deps: AttemptDeps): Promise<void> {
  const now = new Date();
  const updated = await deps.endpoints.update(delivery.orgId, delivery.endpointId, (current) => deliveryEndedChange(current, succeeded, now));
  if (updated && !updated.enabled && updated.disabledAt?.getTime() === now.getTime()) {
    deps.logger.warn({ orgId: delivery.orgId, endpointId: delivery.endpointId, failures: updated.consecutiveFailures }, 'webhook endpoint disabled after consecutive failed deliveries');
  }
}
