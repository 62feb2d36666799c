import { EVENT_PAYLOADS, isCatalogEvent, type EventEnvelope, type EventName, type EventPayload } from '@stockyard/contracts';
import type { Collection } from 'mongoose';
import type { Logger } from '../logger';
import { newId } from '../ids';
import { documentKey, documentLocks } from '../db/document-lock';
import type { Broker } from './broker';

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
 * while they write it: FerretDB would otherwise lose a push racing a pull.
 */
export interface OutboxEntry {
  id: string;
  body: string;
}

/** Mongoose schema fields for any aggregate that emits events. */
export const outboxFields = {
  outbox: { type: [{ _id: false, id: String, body: String }], default: undefined },
  outboxPending: { type: Boolean, index: { sparse: true } },
} as const;

export function newEvent<N extends EventName>(name: N, payload: EventPayload<N>): EventEnvelope;
export function newEvent(name: string, payload: { orgId: string } & Record<string, unknown>): EventEnvelope;
export function newEvent(name: string, payload: { orgId: string } & Record<string, unknown>): EventEnvelope {
  // Catalog payloads are validated here, at the source, so a bad event never leaves.
  const data = isCatalogEvent(name) ? EVENT_PAYLOADS[name].parse(payload) : payload;
  return { id: newId('evt'), name, orgId: payload.orgId, occurredAt: new Date().toISOString(), payload: data };
}

type Update = { $set?: Record<string, unknown>; $push?: Record<string, unknown> } & Record<string, unknown>;

const toEntries = (events: EventEnvelope[]): OutboxEntry[] => events.map((e) => ({ id: e.id, body: JSON.stringify(e) }));

/** Fields that carry events on a document being inserted. */
export const outboxOf = (events: EventEnvelope[]) => ({ outbox: toEntries(events), outboxPending: true as const });

/** Adds events to a single-document update, so the change and its events land together. */
export function withEvents<U extends Update>(update: U, events: EventEnvelope[]): U {
  const entries = toEntries(events);
  return {
    ...update,
    $set: { ...update.$set, outboxPending: true },
    $push: { ...update.$push, outbox: { $each: entries } },
  };
}

interface OutboxDoc {
  _id: never;
  outbox?: OutboxEntry[];
}

export interface RelayOptions {
  intervalMs?: number;
  /** Publish right after each write; when false, only the periodic sweep publishes. */
  eager?: boolean;
}

export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly sources: Collection[],
    private readonly broker: Broker,
    private readonly logger: Logger,
    private readonly options: RelayOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.sweep(), this.options.intervalMs ?? 1000);
    this.timer.unref();
    this.sweep();
  }

  /** Called after a write: publish now unless the relay only sweeps. */
  kick(): void {
    if (this.options.eager !== false) this.sweep();
  }

  /** Run a pass, coalescing with one already running. */
  private sweep(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => this.logger.warn({ err: (err as Error).message }, 'outbox pass failed; will retry'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.sweep();
        }
      });
  }

  /** Stops sweeping; a last pass publishes what the final requests wrote. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    await this.drain().catch((err) => this.logger.warn({ err: (err as Error).message }, 'final outbox pass failed; the next start publishes'));
  }

  private async drain(): Promise<void> {
    if (!this.broker.connected) return;
    for (const collection of this.sources) {
      for (;;) {
        const docs = (await collection.find({ outboxPending: true }).limit(100).toArray()) as OutboxDoc[];
        if (docs.length === 0) break;
        for (const doc of docs) {
          // Writers of this document push onto its outbox under the same lock.
          await documentLocks.run(documentKey(collection.collectionName, doc._id), () => this.flush(collection, doc));
        }
        if (docs.length < 100) break;
      }
    }
  }

  private async flush(collection: Collection, { _id }: OutboxDoc): Promise<void> {
    // Re-read under the lock: the batch may be stale by now.
    const doc = (await collection.findOne({ _id })) as OutboxDoc | null;
    const entries = doc?.outbox ?? [];
    if (entries.length > 0) {
      // Published in order on the one confirm channel and confirmed together, then pulled off
      // in one update ($pullAll takes exact values, which FerretDB supports): a hot document
      // is held for one write per pass, not one per event. A crash in between re-publishes
      // the batch; consumers deduplicate.
      await Promise.all(entries.map((entry) => this.broker.publish(JSON.parse(entry.body) as EventEnvelope)));
      await collection.updateOne({ _id }, { $pullAll: { outbox: entries } } as never);
      this.logger.debug({ eventIds: entries.map((e) => e.id) }, 'events published');
    }
    // Clears the flag only if nothing new was pushed meanwhile (same document, atomic).
    await collection.updateOne({ _id, outbox: { $size: 0 } }, { $unset: { outboxPending: '' } });
  }
}
