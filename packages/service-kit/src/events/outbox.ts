import {
  EVENT_PAYLOADS,
  EVENT_SCHEMAS,
  isKnownEvent,
  isPublicEvent,
  type EventEnvelope,
  type EventName,
  type EventPayload,
} from '@stockyard/contracts';
import { randomId } from '../ids';
import { eventTrace, keepEventTrace, traceEvent } from '../ops/trace-context';

/**
 * Transactional outbox without transactions. A state change and the events it causes
 * are ONE single-document update: the events are pushed onto the changed document's
 * `outbox` array in the same `updateOne`. The relay publishes each entry with
 * publisher confirms and only then pulls it off, so a crash at any point either
 * leaves the entry for the next pass (published at least once) or never wrote the
 * change at all. Consumers deduplicate on the event id.
 *
 * Entries are `{ id, body }` with the envelope serialized in `body`, because FerretDB
 * v1 ignores condition-style `$pull` and only removes exact values.
 *
 * Every writer of an aggregate, and the relay, hold the document's lock (`documentLocks`)
 * while they write it: stock FerretDB, whose updates were not isolated, would otherwise lose
 * a push racing a pull (our build isolates them, as MongoDB does). The relay
 * publishes what a writer's kick named without that lock and takes it for the write that
 * clears those entries; anything else (a busy document's later writes) is read, published
 * and pulled under the lock in one go, which keeps a busy document's outbox short.
 *
 * Writers that go through the relay's `prepareWrite` save it that clearing write: the entries
 * this process has published leave the outbox with the document's next write (which
 * replaces the outbox, on condition that it still holds exactly what this process last
 * left there), and a document nobody writes again is cleared `foldWaitMs` later.
 */
export interface OutboxEntry {
  id: string;
  body: string;
  /** The W3C traceparent of the request or handler that made the event, when it was traced. */
  trace?: string;
}

/** Mongoose schema fields for any aggregate that emits events. */
export const outboxFields = {
  outbox: { type: [{ _id: false, id: String, body: String, trace: String }], default: undefined },
  outboxPending: { type: Boolean, index: { sparse: true } },
  /** When the last events were put on it: a sweep leaves a document this fresh to its writer's relay. */
  outboxAt: { type: Date },
} as const;

export function newEvent<N extends EventName>(name: N, payload: EventPayload<N>): EventEnvelope;
export function newEvent(name: string, payload: { orgId: string } & Record<string, unknown>): EventEnvelope;
export function newEvent(name: string, payload: { orgId: string } & Record<string, unknown>): EventEnvelope {
  // Payloads are validated here, at the source, so a bad event never leaves: a public one is
  // sent as its schema parses it (exactly the spec's fields); a registered internal one as
  // given, once its schema accepts it (its consumers parse it again).
  const data = isPublicEvent(name) ? EVENT_PAYLOADS[name].parse(payload) : payload;
  if (!isPublicEvent(name) && isKnownEvent(name)) EVENT_SCHEMAS[name].parse(payload);
  return envelopeOf(name, data);
}

/**
 * An internal event the kit builds itself from typed parts (an audit record, one with every
 * write): made as `newEvent` makes one but not parsed again at the source, which took an order's
 * import a tenth of a millisecond per record. Its consumers parse it as they parse every event.
 */
export const builtEvent = (name: string, payload: { orgId: string }): EventEnvelope => envelopeOf(name, payload);

function envelopeOf(name: string, payload: { orgId: string }): EventEnvelope {
  // Random even in a keyed request: a second run's event is never the first run's (its write is).
  const event = {
    id: randomId('evt'),
    name,
    orgId: payload.orgId,
    occurredAt: new Date().toISOString(),
    payload,
  };
  traceEvent(event);
  return event;
}

export type OutboxUpdate = { $set?: Record<string, unknown>; $push?: Record<string, unknown> } & Record<
  string,
  unknown
>;

/** The JSON of each event this process wrote or sent, made once (events are not changed once made). */
const bodies = new WeakMap<EventEnvelope, string>();

/** An event's JSON: its outbox entry's body and its message's are the one string. */
export function bodyOf(event: EventEnvelope): string {
  let body = bodies.get(event);
  if (body === undefined) {
    body = JSON.stringify(event);
    bodies.set(event, body);
  }
  return body;
}

/** Always the same entry for the same event: conditional writes compare entries exactly. */
export const toEntries = (events: EventEnvelope[]): OutboxEntry[] =>
  events.map((e) => {
    const trace = eventTrace(e);
    return trace ? { id: e.id, body: bodyOf(e), trace } : { id: e.id, body: bodyOf(e) };
  });

/** The event an entry holds, with the trace it was made in. */
export function eventOf(entry: OutboxEntry): EventEnvelope {
  const event = JSON.parse(entry.body) as EventEnvelope;
  bodies.set(event, entry.body);
  keepEventTrace(event, entry.trace);
  return event;
}

/** Fields that carry events on a document being inserted. */
export const outboxOf = (events: EventEnvelope[]) => ({
  outbox: toEntries(events),
  outboxPending: true as const,
  outboxAt: new Date(),
});

/** Adds events to a single-document update, so the change and its events land together. */
export function withEvents<U extends OutboxUpdate>(update: U, events: EventEnvelope[]): U {
  const entries = toEntries(events);
  return {
    ...update,
    $set: { ...update.$set, outboxPending: true, outboxAt: new Date() },
    $push: { ...update.$push, outbox: { $each: entries } },
  };
}

export interface OutboxDoc {
  _id: never;
  outbox?: OutboxEntry[];
  outboxAt?: Date;
}

/** What clears a document's pending marks, once its outbox is empty. */
export const NOT_PENDING = { outboxPending: '', outboxAt: '' } as const;

/** The condition that a document's outbox holds exactly `entries` (in any order). */
export const holdsExactly = (entries: OutboxEntry[]) => ({
  outbox: entries.length ? { $size: entries.length, $all: entries } : { $size: 0 },
});

/**
 * The condition that a document's outbox holds exactly `entries`, in this order: their ids by
 * position. An entry's id names its body for good, so this is `holdsExactly` for an outbox whose
 * order this process knows, at a fraction of the bytes: a write carrying five events no longer
 * sends the five before them again as its guard. (Our FerretDB matches `outbox.id` against the
 * first element only, so the positions are spelled out.)
 */
export function holdsInOrder(entries: readonly OutboxEntry[]): Record<string, unknown> {
  const condition: Record<string, unknown> = { outbox: { $size: entries.length } };
  entries.forEach((entry, i) => (condition[`outbox.${i}.id`] = entry.id));
  return condition;
}
