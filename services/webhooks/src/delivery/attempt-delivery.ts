import type { Logger } from '@stockyard/service-kit';
import { outcomeOf } from '../domain/delivery';
import type { ClaimedDelivery, DeliveryRepository } from '../store/delivery.repository';
import type { EndpointRepository } from '../store/endpoint.repository';
import { sendWebhook, type SendOptions } from './send';

export interface AttemptDeps {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  logger: Logger;
  send: SendOptions;
  /** Seconds to wait after each failed attempt (WEBHOOK_RETRY_SCHEDULE). */
  retrySchedule: readonly number[];
}

/**
 * One attempt of a claimed delivery. The endpoint is read now, not when the event
 * arrived, so a disable, a deletion, a new URL or a rotated secret applies at once.
 */
export async function attemptDelivery(delivery: ClaimedDelivery, deps: AttemptDeps): Promise<void> {
  const log = { deliveryId: delivery.id, orgId: delivery.orgId, endpointId: delivery.endpointId, eventId: delivery.eventId };
  const endpoint = await deps.endpoints.findById(delivery.orgId, delivery.endpointId);
  if (!endpoint?.enabled) {
    const reason = endpoint ? 'endpoint disabled' : 'endpoint deleted';
    await deps.deliveries.abandon(delivery, reason);
    deps.logger.info({ ...log, reason }, 'webhook delivery abandoned');
    return;
  }

  const number = delivery.attempts.length + 1;
  const at = new Date();
  const result = await sendWebhook(
    { url: endpoint.url, secret: endpoint.secret, event: delivery.event, deliveryId: delivery.id, attempt: number, data: delivery.payload },
    deps.send,
  );
  const outcome = outcomeOf(number, result.ok, deps.retrySchedule, new Date());
  const { ok: _ok, ...recorded } = result;
  const kept = await deps.deliveries.recordAttempt(delivery, { number, at, ...recorded }, outcome);
  // The later issue hooks the endpoint's consecutive-failure count (auto-disable) in here.
  const level = result.ok ? 'info' : 'warn';
  deps.logger[level]({ ...log, attempt: number, status: outcome.status, responseStatus: result.responseStatus, error: result.error, kept }, 'webhook attempt');
}
