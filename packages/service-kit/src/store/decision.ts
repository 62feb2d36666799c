import type { EventEnvelope } from '@stockyard/contracts';
import { AppError } from '../errors';

/** What every stored aggregate carries. The store owns `version`, `createdAt` and `updatedAt`. */
export interface Aggregate {
  orgId: string;
  version: number;
}

/**
 * What a pure decision returns: the new state (left out: unchanged), the events the change
 * causes, and whatever the caller needs back. Nothing to write and no events: no write.
 */
export interface Decision<S, R = undefined> {
  state?: S;
  events?: EventEnvelope[];
  result?: R;
}

/** One aggregate's outcome in a batched change: its change, or the error its decision (or lookup) gave. */
export type Outcome<S, R> = ({ ok: true } & Changed<S, R>) | { ok: false; error: AppError };

/** The outcome of a change: the state as stored, the decision's result, and whether anything was written. */
export interface Changed<S, R> {
  state: S;
  result: R;
  changed: boolean;
  events: EventEnvelope[];
}

/** State fields a decision never writes itself. */
const OWNED = new Set(['id', 'orgId', 'version', 'createdAt', 'updatedAt']);

/**
 * The condition on the version a change read. A document written before a store kept it (an
 * older service's) has none and is read as version 0, as is one a service inserted at 0 itself
 * (webhooks' deliveries): its first change is guarded on 0 or the field being absent (`null`
 * matches a missing field) and writes version 1, with no adoption pass over the collection.
 */
export const versionGuard = (version: number) => (version === 0 ? { $in: [0, null] } : version);

/** 503 for a change that kept losing its version guard to other writers. */
export const contention = (name: string) =>
  new AppError('unavailable', `${name} is too busy; retry`, 'contention', undefined, { 'Retry-After': '1' });

/** A decision's new state (the current one when unchanged), its events and its result. */
export function decideOn<S, R>(current: S, decide: (current: S) => Decision<S, R>) {
  const decision = decide(current);
  return { state: decision.state ?? current, events: decision.events ?? [], result: decision.result as R };
}

/** The top-level fields of `next` that differ from `current` (by reference), but those the store owns. */
export function changedFields(current: object, next: object): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const before = current as Record<string, unknown>;
  for (const [key, value] of Object.entries(next)) {
    if (!OWNED.has(key) && before[key] !== value) fields[key] = value;
  }
  return fields;
}

/**
 * The `$set` of changed fields: each whole, except an array of the same length of which at most
 * half the elements changed (by reference), which is set by those elements (`variants.17`): a
 * product's one edited variant of 300 is sent, not all 300. The version guard makes the stored
 * array the one `current` holds, so the positions are right.
 */
export function setOf(current: object, fields: Record<string, unknown>): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  const before = current as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    const old = before[key];
    if (Array.isArray(value) && Array.isArray(old) && value.length === old.length && value.length > 1) {
      const moved = value.flatMap((element, i) => (element === old[i] ? [] : [i]));
      if (moved.length * 2 <= value.length) {
        for (const i of moved) set[`${key}.${i}`] = value[i];
        continue;
      }
    }
    set[key] = value;
  }
  return set;
}
