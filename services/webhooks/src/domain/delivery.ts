import { createHash } from 'node:crypto';
import type { EventEnvelope, EventName } from '@stockyard/contracts';

/**
 * pending -> delivered (a 2xx) | failed (attempts exhausted, or the endpoint is gone).
 * A failed attempt keeps the delivery pending with a later nextAttemptAt.
 */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

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
}

export type NewDelivery = Omit<Delivery, 'createdAt' | 'updatedAt'>;

/** Same event, same endpoint, same id: a redelivered event cannot create a second delivery. */
export function deliveryIdFor(eventId: string, endpointId: string): string {
  const digest = createHash('sha256').update(`${eventId}\n${endpointId}`).digest('base64url');
  return `dlv_${digest.slice(0, 24)}`;
}

export function newDelivery(event: EventEnvelope & { name: EventName }, endpointId: string, now: Date): NewDelivery {
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
  };
}

export interface AttemptOutcome {
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
}

/**
 * After attempt n: delivered on success; otherwise wait schedule[n-1] seconds, and give
 * up once the schedule is exhausted (so schedule.length + 1 attempts in all).
 */
export function outcomeOf(attempt: number, ok: boolean, schedule: readonly number[], now: Date): AttemptOutcome {
  if (ok) return { status: 'delivered', nextAttemptAt: null };
  const waitSeconds = schedule[attempt - 1];
  if (waitSeconds === undefined) return { status: 'failed', nextAttemptAt: null };
  return { status: 'pending', nextAttemptAt: new Date(now.getTime() + waitSeconds * 1000) };
}
