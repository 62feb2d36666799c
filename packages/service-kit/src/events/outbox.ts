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
 * while they write it: FerretDB would otherwise lose a push racing a pull. The relay
 * publishes what a writer's kick named without that lock and takes it for the write that
 * clears those entries; anything else (a busy document's later writes) is read, published
 * and pulled under the lock in one go, which keeps a busy document's outbox short.
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

interface Target {
  collection: Collection;
  _id: unknown;
  known?: EventEnvelope[];
}

interface OutboxDoc {
  _id: never;
  outbox?: OutboxEntry[];
}

/** Applies an event in this process; rejecting leaves the entry for a later pass. */
export type LocalHandler = (event: EventEnvelope) => Promise<void>;

export interface RelayOptions {
  intervalMs?: number;
  /** Publish right after each write; when false, only the periodic sweep publishes. */
  eager?: boolean;
  /**
   * Internal events the emitting service is the only consumer of, by name: the relay hands
   * them to these handlers instead of the broker, with the same guarantee (an entry leaves
   * the outbox only after its handler resolved, so a crash runs it again on restart).
   * Handlers must be idempotent, like any consumer.
   */
  local?: Readonly<Record<string, LocalHandler>>;
}

/**
 * Documents flushed at once. One flush per document at a time keeps an event's order
 * within its document (the only order the outbox promises); most of a flush is waiting for
 * the broker's confirms, so many run side by side.
 */
const RELAY_PARALLEL = 32;

/** How long a sweep leaves a kicked document to the kick's own flush (which may have failed). */
const KICK_GRACE_MS = 5_000;

/** Runs `work` over `items`, at most `limit` at a time; rejects with the first failure once all have ended. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item).catch((err: unknown) => void errors.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (errors.length > 0) throw errors[0];
}

export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private sweepPending = false;
  /**
   * Documents just written, flushed by id: no collection scan on the request path. `known`
   * holds the events the writers pushed, when every kick said what it pushed.
   */
  private readonly targets = new Map<string, Target>();
  /**
   * When each document was last kicked, until its kick's flush ends: a sweep leaves such a
   * document to that flush for KICK_GRACE_MS instead of publishing its events a second time
   * (the sweep runs every second, and under load most pending documents have a flush coming).
   */
  private readonly kicked = new Map<string, number>();
  /** Kicked documents being flushed (one flush per document at a time), and those flushes. */
  private readonly flushing = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly sources: Collection[],
    private readonly broker: Broker,
    private readonly logger: Logger,
    private readonly options: RelayOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.schedule(true), this.options.intervalMs ?? 1000);
    this.timer.unref();
    this.schedule(true);
  }

  /**
   * Called after a write: publish that document's events now, unless the relay only sweeps.
   * A writer that passes the events it pushed saves the relay reading the document back.
   */
  kick(collection: Collection, _id: unknown, pushed?: EventEnvelope[]): void {
    if (this.options.eager === false) return;
    const key = documentKey(collection.collectionName, _id);
    this.kicked.set(key, Date.now());
    const known = this.targets.has(key) ? this.targets.get(key)!.known : [];
    this.targets.set(key, { collection, _id, known: known && pushed ? [...known, ...pushed] : undefined });
    this.pump();
  }

  /**
   * Starts a flush for each kicked document not already being flushed, up to RELAY_PARALLEL
   * at once, as soon as it is kicked: a kick never waits for other documents' flushes. A
   * document kicked again while its flush runs is taken up when that flush ends.
   */
  private pump(): void {
    if (this.stopped) return;
    if (!this.broker.connected) {
      // The sweep sends them once connected.
      for (const key of this.targets.keys()) if (!this.flushing.has(key)) this.kicked.delete(key);
      this.targets.clear();
      return;
    }
    for (const [key, target] of this.targets) {
      if (this.flushing.size >= RELAY_PARALLEL) return;
      if (this.flushing.has(key)) continue;
      this.targets.delete(key);
      const flight = this.flushKicked(target)
        .catch((err: Error) => this.logger.warn({ err: err.message }, 'outbox flush failed; the sweep retries'))
        .finally(() => {
          this.flushing.delete(key);
          this.pump();
        });
      this.flushing.set(key, flight);
    }
  }

  /** Runs sweeps until none is pending; one at a time. */
  private schedule(sweep: boolean): void {
    if (this.stopped) return;
    if (sweep) this.sweepPending = true;
    if (this.running) return;
    this.running = this.loop().finally(() => {
      this.running = undefined;
      if (this.sweepPending) this.schedule(false);
    });
  }

  private async loop(): Promise<void> {
    while (!this.stopped && this.sweepPending) {
      this.sweepPending = false;
      try {
        await this.drain(false); // leaves kicked documents to their kicks
      } catch (err) {
        this.logger.warn({ err: (err as Error).message }, 'outbox sweep failed; the next one retries');
      }
    }
  }


  /** Stops sweeping; a last pass publishes what the final requests wrote. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    await Promise.all(this.flushing.values());
    await this.drain(true).catch((err) => this.logger.warn({ err: (err as Error).message }, 'final outbox pass failed; the next start publishes'));
  }

  /** Publishes every pending document's events; a sweep (not `all`) skips those a kick will flush. */
  private async drain(all: boolean): Promise<void> {
    if (!this.broker.connected) return;
    const graceSince = Date.now() - KICK_GRACE_MS;
    for (const collection of this.sources) {
      for (;;) {
        const docs = (await collection.find({ outboxPending: true }).limit(100).toArray()) as OutboxDoc[];
        const due = all ? docs : docs.filter((doc) => !((this.kicked.get(documentKey(collection.collectionName, doc._id)) ?? 0) > graceSince));
        if (due.length === 0) break;
        for (const doc of due) this.kicked.delete(documentKey(collection.collectionName, doc._id));
        await inParallel(due, RELAY_PARALLEL, (doc) => this.flushOne(collection, doc._id));
        if (docs.length < 100) break;
      }
    }
  }

  private async flushKicked({ collection, _id, known }: Target): Promise<void> {
    await this.flushOne(collection, _id, known);
    const key = documentKey(collection.collectionName, _id);
    if (!this.targets.has(key)) this.kicked.delete(key); // else a newer kick is taken up next
  }

  /**
   * One flush of a document at a time, whether a kick or a sweep started it (the relay's own
   * lock). Publishing what a kick named happens outside the writers' lock; only the write
   * that clears it, and a full flush, take it.
   */
  private flushOne(collection: Collection, _id: unknown, known?: EventEnvelope[]): Promise<void> {
    const key = documentKey(collection.collectionName, _id);
    return documentLocks.run(`outbox-relay/${key}`, async () => {
      if (known?.length && (await this.flushKnown(collection, _id as never, known))) return;
      // Anything else (a busy document's later writes, an entry no kick named): read, publish
      // and pull under the writers' lock, which empties a busy document's outbox at once.
      const pulled = await this.writing(collection, _id, () => this.flush(collection, _id as never, new Set(known?.map((event) => event.id))));
      // Writes that landed before this flush read the document were sent with it: their kick,
      // waiting for this flush to end, must not send them again.
      const next = this.targets.get(key);
      if (next?.known) {
        next.known = next.known.filter((event) => !pulled.has(event.id));
        if (next.known.length === 0) this.targets.delete(key);
      }
    });
  }

  /** Publishes an event, or applies it here when it has a local handler. */
  private send(event: EventEnvelope): Promise<void> {
    const handle = this.options.local?.[event.name];
    return handle ? handle(event) : this.broker.publish(event);
  }

  /** Writers of a document push onto its outbox under the same lock. */
  private writing<T>(collection: Collection, _id: unknown, write: () => Promise<T>): Promise<T> {
    return documentLocks.run(documentKey(collection.collectionName, _id), write);
  }

  /**
   * The writers said what they pushed: publish that and pull it off in one write that only
   * applies while the outbox holds exactly those entries (any order). Anything else there
   * (a pass that failed, another replica's write) leaves the document to the full flush,
   * which may publish these again; consumers deduplicate.
   */
  private async flushKnown(collection: Collection, _id: OutboxDoc['_id'], known: EventEnvelope[]): Promise<boolean> {
    await Promise.all(known.map((event) => this.send(event)));
    const entries = toEntries(known); // the same values the writer pushed
    const cleared = await this.writing(collection, _id, () =>
      collection.updateOne({ _id, outbox: { $size: entries.length, $all: entries } }, { $pullAll: { outbox: entries }, $unset: { outboxPending: '' } } as never),
    );
    this.logger.debug({ eventIds: known.map((e) => e.id) }, 'events published');
    return cleared.modifiedCount === 1;
  }

  /**
   * Publishes and pulls off whatever the document's outbox holds, except that entries in
   * `published` (this pass already sent them) are only pulled. Answers the ids pulled off.
   */
  private async flush(collection: Collection, _id: OutboxDoc['_id'], published: ReadonlySet<string> = new Set()): Promise<Set<string>> {
    // Re-read under the lock: the sweep's batch may be stale by now.
    const doc = (await collection.findOne({ _id })) as OutboxDoc | null;
    const entries = doc?.outbox ?? [];
    if (entries.length > 0) {
      // Published in order on the one confirm channel and confirmed together, then pulled off
      // in one update ($pullAll takes exact values, which FerretDB supports): a hot document
      // is held for one write per pass, not one per event. A crash in between re-publishes
      // the batch; consumers deduplicate.
      const unsent = entries.filter((entry) => !published.has(entry.id));
      await Promise.all(unsent.map((entry) => this.send(JSON.parse(entry.body) as EventEnvelope)));
      // Usually nothing was pushed meanwhile: the pull and the flag's clearing are then one
      // write (the size condition holds atomically, on MongoDB across replicas too).
      const cleared = await collection.updateOne({ _id, outbox: { $size: entries.length } }, { $pullAll: { outbox: entries }, $unset: { outboxPending: '' } } as never);
      this.logger.debug({ eventIds: unsent.map((e) => e.id) }, 'events published');
      if (cleared.modifiedCount === 1) return new Set(entries.map((entry) => entry.id));
      await collection.updateOne({ _id }, { $pullAll: { outbox: entries } } as never);
    }
    // Clears the flag only if nothing new was pushed meanwhile (same document, atomic).
    await collection.updateOne({ _id, outbox: { $size: 0 } }, { $unset: { outboxPending: '' } });
    return new Set(entries.map((entry) => entry.id));
  }

}
