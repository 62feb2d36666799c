import { createHash } from 'node:crypto';
import type { EventEnvelope, EventName, WebhookDelivery, WebhookDeliveryStatus } from '@stockyard/contracts';
import { deliveryStates } from './delivery-states';

/** See the state table in delivery-states.ts. */
export type DeliveryStatus = WebhookDeliveryStatus;

export interface DeliveryAttempt {
  number: number;
  at: Date;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  /** The first KB of the receiver's answer, for the partner's debugging. */
  responseBody: string | null;
}

export interface Delivery {
  id: string;
  orgId: string;
  endpointId: string;
  eventId: string;
  event: EventName;
  payload: Record<string, unknown>;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The traceparent of the dispatch that made it: a later attempt joins the event's trace (when traced). */
  trace?: string;
}

export type NewDelivery = Omit<Delivery, 'createdAt' | 'updatedAt'>;

/** Same event, same endpoint, same id: a redelivered event cannot create a second delivery. */
export function deliveryIdFor(eventId: string, endpointId: string): string {
  const digest = createHash('sha256').update(`${eventId}\n${endpointId}`).digest('base64url');
  return `dlv_${digest.slice(0, 24)}`;
}

export function newDelivery(
  event: EventEnvelope & { name: EventName },
  endpointId: string,
  now: Date,
  trace?: string,
): NewDelivery {
  return {
    id: deliveryIdFor(event.id, endpointId),
    orgId: event.orgId,
    endpointId,
    eventId: event.id,
    event: event.name,
    payload: event.payload,
    status: 'pending',
    attempts: [],
    nextAttemptAt: now,
    lastError: null,
    ...(trace ? { trace } : {}),
  };
}

export interface AttemptOutcome {
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
}

export interface RetryPolicy {
  /** Seconds to wait after failed attempt n at index n-1 (WEBHOOK_RETRY_SCHEDULE). */
  schedule: readonly number[];
  /** Each wait is spread by up to this fraction either way, so retries of a burst do not arrive together. */
  jitter: number;
  random?: () => number;
}

/**
 * After attempt n: succeeded on success; otherwise wait schedule[n-1] seconds (jittered),
 * stretched by the receiver's Retry-After up to the schedule's longest step, and give up
 * once the schedule is exhausted (so schedule.length + 1 attempts in all).
 */
export function outcomeOf(
  attempt: number,
  result: { ok: boolean; retryAfterSeconds?: number | null },
  policy: RetryPolicy,
  now: Date,
): AttemptOutcome {
  if (result.ok) return { status: deliveryStates.next('pending', 'attempt_succeeded'), nextAttemptAt: null };
  const step = policy.schedule[attempt - 1];
  if (step === undefined) return { status: deliveryStates.next('pending', 'attempts_exhausted'), nextAttemptAt: null };
  const random = policy.random ?? Math.random;
  let waitSeconds = step * (1 + policy.jitter * (2 * random() - 1));
  const cap = Math.max(...policy.schedule);
  if (result.retryAfterSeconds != null && result.retryAfterSeconds > waitSeconds)
    waitSeconds = Math.min(result.retryAfterSeconds, cap);
  const status = deliveryStates.next('pending', 'attempt_failed');
  return { status, nextAttemptAt: new Date(now.getTime() + Math.round(waitSeconds * 1000)) };
}

/** Retry-After as seconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, (at - now.getTime()) / 1000);
}

export function deliveryToWire(delivery: Delivery): WebhookDelivery {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    event: delivery.event,
    status: delivery.status,
    attemptCount: delivery.attempts.length,
    attempts: delivery.attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    lastError: delivery.lastError,
    payload: delivery.payload,
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}
