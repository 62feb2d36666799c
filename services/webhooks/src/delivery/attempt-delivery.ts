import { type Logger } from '@stockyard/service-kit';
import { inTraceOf } from '@stockyard/service-kit/ops';
import type { DeliveryLeases } from '../commands/delivery-leases';
import type { FailureCount } from '../commands/failure-count';
import type { NewDeliveries } from '../commands/new-deliveries';
import type { Endpoint } from '../domain/endpoint';
import {
  outcomeOf,
  type AttemptOutcome,
  type DeliveryAttempt,
  type NewDelivery,
  type RetryPolicy,
} from '../domain/delivery';
import type { SecretBox } from '../secrets/secret-box';
import type { ClaimedDelivery } from '../store/delivery.repository';
import type { EndpointReads, EndpointSnapshot } from '../store/endpoint.repository';
import { recordAbandoned, recordAttempt } from './attempt-metrics';
import { attemptSpan } from './attempt-span';
import { ENDPOINT_DISABLED } from './endpoint-lifecycle';
import { postWebhook, prepareWebhook, type SendOptions, type SendResult } from './send';

export interface AttemptDeps {
  /** The endpoint to sign for, read as its reader. */
  endpoints: Pick<EndpointReads, 'withEndpoint'>;
  /** The consecutive-failure rule, applied as a delivery ends. */
  failures: Pick<FailureCount, 'deliveryEnded'>;
  /** Deliveries stored with their first attempt, or claimed while it runs. */
  created: NewDeliveries;
  /** Claims, and what a claim records. */
  leases: DeliveryLeases;
  logger: Logger;
  send: SendOptions;
  retry: RetryPolicy;
  /** Opens an endpoint's sealed secret, only to sign an attempt. */
  secrets: SecretBox;
}

/** What an attempt is about: a stored delivery, or one about to be stored. */
type Subject = Pick<NewDelivery, 'id' | 'orgId' | 'endpointId' | 'eventId' | 'event' | 'payload'>;

/** An attempt under way: the endpoint as read when it was signed, and the POST's result to come. */
interface StartedAttempt {
  number: number;
  at: Date;
  endpoint: Endpoint;
  result: Promise<SendResult>;
}

const logFields = (d: Subject) => ({ deliveryId: d.id, orgId: d.orgId, endpointId: d.endpointId, eventId: d.eventId });

/**
 * Takes the endpoint as it is now, not as it was when the event arrived, so a disable, a
 * deletion, a new URL or a rotated secret applies at once (the dispatcher's snapshot only
 * if nothing was written since); signs attempt `number` and starts the POST.
 * Read and signed as the endpoint's reader: a rotation either precedes the signature (the
 * new secret is used) or waits for it to be made. Without an enabled endpoint, says so.
 */
async function startAttempt(
  delivery: Subject,
  number: number,
  deps: AttemptDeps,
  snapshot?: EndpointSnapshot,
): Promise<StartedAttempt | { endpoint: Endpoint | undefined }> {
  const target = await deps.endpoints.withEndpoint(
    delivery.orgId,
    delivery.endpointId,
    (endpoint) => {
      if (!endpoint?.enabled) return { endpoint };
      const webhook = {
        url: endpoint.url,
        secret: deps.secrets.open(endpoint.secret, endpoint.id),
        event: delivery.event,
        deliveryId: delivery.id,
        attempt: number,
        data: delivery.payload,
      };
      return { endpoint, prepared: prepareWebhook(webhook) };
    },
    snapshot,
  );
  if (!target.prepared) return { endpoint: target.endpoint };
  const endpoint = target.endpoint;
  const result = attemptSpan(delivery, number, endpoint, () => postWebhook(endpoint.url, target.prepared, deps.send));
  return { number, at: new Date(), endpoint, result };
}

const isStarted = (attempt: StartedAttempt | { endpoint: Endpoint | undefined }): attempt is StartedAttempt =>
  'result' in attempt;

/** The attempt as recorded (the Retry-After hint shapes the outcome, it is not stored). */
function recorded(
  attempt: StartedAttempt,
  result: SendResult,
  retry: RetryPolicy,
): { entry: DeliveryAttempt; outcome: AttemptOutcome } {
  const { ok: _ok, retryAfterSeconds: _retryAfter, ...kept } = result;
  return {
    entry: { number: attempt.number, at: attempt.at, ...kept },
    outcome: outcomeOf(attempt.number, result, retry, new Date()),
  };
}

/** Logs a recorded attempt and applies the consecutive-failure rule; returns when to try next. */
async function afterAttempt(
  delivery: Subject,
  attempt: StartedAttempt,
  result: SendResult,
  outcome: AttemptOutcome,
  kept: boolean,
  deps: AttemptDeps,
): Promise<Date | null> {
  recordAttempt(attempt.endpoint, result);
  const level = result.ok ? 'info' : 'warn';
  deps.logger[level](
    {
      ...logFields(delivery),
      attempt: attempt.number,
      status: outcome.status,
      responseStatus: result.responseStatus,
      error: result.error,
      kept,
    },
    'webhook attempt',
  );
  // A success with no failures counted when we read the endpoint changes nothing: skipping
  // the write keeps deliveries to one endpoint from queuing on its lock.
  const countChanges =
    outcome.status === 'failed' || (outcome.status === 'succeeded' && attempt.endpoint.consecutiveFailures > 0);
  if (kept && countChanges) await countDeliveryEnd(delivery, outcome.status === 'succeeded', deps);
  return kept ? outcome.nextAttemptAt : null;
}

/**
 * One attempt of a claimed delivery, in the trace of the event it delivers. Returns when the
 * next attempt is due, if there is one and this worker recorded it.
 */
export function attemptDelivery(delivery: ClaimedDelivery, deps: AttemptDeps): Promise<Date | null> {
  return inTraceOf(delivery.trace, () => attemptClaimed(delivery, deps));
}

async function attemptClaimed(delivery: ClaimedDelivery, deps: AttemptDeps): Promise<Date | null> {
  const attempt = await startAttempt(delivery, delivery.attempts.length + 1, deps);
  if (!isStarted(attempt)) {
    await abandon(delivery, attempt.endpoint, deps);
    return null;
  }
  return recordOutcome(delivery, attempt, await attempt.result, deps);
}

async function recordOutcome(
  delivery: ClaimedDelivery,
  attempt: StartedAttempt,
  result: SendResult,
  deps: AttemptDeps,
): Promise<Date | null> {
  const { entry, outcome } = recorded(attempt, result, deps.retry);
  const kept = await deps.leases.recordAttempt(delivery, entry, outcome);
  return afterAttempt(delivery, attempt, result, outcome, kept, deps);
}

async function abandon(delivery: ClaimedDelivery, endpoint: Endpoint | undefined, deps: AttemptDeps): Promise<void> {
  recordAbandoned(endpoint);
  if (endpoint) await deps.leases.abandon(delivery, ENDPOINT_DISABLED);
  // Created by the dispatcher while its endpoint was being deleted: finish the cascade.
  else await deps.leases.remove(delivery);
  deps.logger.info(
    { ...logFields(delivery), reason: endpoint ? 'endpoint disabled' : 'endpoint deleted' },
    'webhook delivery abandoned',
  );
}

interface FirstAttemptOptions {
  /** How long the dispatcher waits for the first POST before storing the delivery without its outcome. */
  inlineMs: number;
  leaseMs: number;
  /** The endpoint as the dispatcher read it, used if this process has not written it since. */
  endpoint?: EndpointSnapshot;
}

/**
 * A new delivery's first attempt, sent before the delivery is stored, so that a receiver
 * answering within `inlineMs` costs one insert of the delivery with its outcome (on
 * FerretDB every update reads the whole collection; an insert does not). A slower
 * receiver's delivery is stored pending and claimed, and its outcome recorded when the
 * POST ends (`later`). Resolves once the delivery is durable either way: the event may be
 * acknowledged then. The caller took the event's dispatch mark first, so no other copy
 * sends it; a crash before the delivery is stored leaves the mark, and the redelivered
 * copy stores the delivery for the worker (DeliveryWorker.sendNew). Undefined when
 * nothing was sent.
 */
export async function sendFirstAttempt(
  delivery: NewDelivery,
  deps: AttemptDeps,
  options: FirstAttemptOptions,
): Promise<{ nextAttemptAt: Date | null } | { later: Promise<Date | null> } | undefined> {
  const attempt = await startAttempt(delivery, 1, deps, options.endpoint);
  if (!isStarted(attempt)) return undefined; // disabled or deleted since the event was matched: nothing to send
  let timer: NodeJS.Timeout | undefined;
  const inline = await Promise.race([
    attempt.result,
    new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), options.inlineMs))),
  ]);
  clearTimeout(timer);
  if (inline) {
    const { entry, outcome } = recorded(attempt, inline, deps.retry);
    let kept = await deps.created.createWithAttempt(delivery, entry, outcome);
    if (!kept) {
      // Stored meanwhile, unattempted, by a redelivered copy (see claimUnattempted): record this attempt on it.
      const stored = await deps.leases.claimUnattempted(delivery.id, new Date(), options.leaseMs);
      kept = stored !== undefined && (await deps.leases.recordAttempt(stored, entry, outcome));
    }
    return { nextAttemptAt: await afterAttempt(delivery, attempt, inline, outcome, kept, deps) };
  }
  const claimed =
    (await deps.created.createClaimed(delivery, new Date(), options.leaseMs)) ??
    (await deps.leases.claimUnattempted(delivery.id, new Date(), options.leaseMs));
  if (!claimed) return undefined;
  return { later: attempt.result.then((result) => recordOutcome(claimed, attempt, result, deps)) };
}

/** The consecutive-failure rule: a success resets the count, the fifth failed delivery in a row disables. */
async function countDeliveryEnd(delivery: Subject, succeeded: boolean, deps: AttemptDeps): Promise<void> {
  const now = new Date();
  const updated = await deps.failures.deliveryEnded(delivery.orgId, delivery.endpointId, succeeded, now);
  if (updated && !updated.enabled && updated.disabledAt?.getTime() === now.getTime()) {
    deps.logger.warn(
      { orgId: delivery.orgId, endpointId: delivery.endpointId, failures: updated.consecutiveFailures },
      'webhook endpoint disabled after consecutive failed deliveries',
    );
  }
}
