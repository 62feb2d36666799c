import type { EventEnvelope } from '@stockyard/contracts';
import type { Collection } from 'mongoose';
import type { Logger } from '../logger';
import { documentKey, documentLocks } from '../db/document-lock';
import { unkeyed } from '../ids';
import type { Broker } from './broker';
import { watchOutboxes } from './outbox-metrics';
import { CLEAR_BATCH, clearTogether } from './clears-together';
import { KnownOutboxes, type Fold, type OutboxWrite } from './known-outboxes';
import { eventTrace, inTraceOf } from '../ops/trace-context';
import {
  eventOf,
  holdsExactly,
  NOT_PENDING,
  toEntries,
  type OutboxDoc,
  type OutboxEntry,
  type OutboxUpdate,
} from './outbox';

interface Target {
  collection: Collection;
  _id: unknown;
  known?: EventEnvelope[];
}

/** Applies an event in this process; rejecting leaves the entry for a later pass. */
export type LocalHandler = (event: EventEnvelope) => Promise<void>;

export interface RelayOptions {
  /**
   * How often the relay sweeps the collections for unpublished events while it has reason
   * to: after it starts, after kicks it had to drop (broker away) or flushes that failed,
   * after a sweep that found work, and always when it is not eager.
   */
  intervalMs?: number;
  /**
   * How often it sweeps in any case, for what no kick of this process covers (a write
   * without a kick, a replica that died and stays down). Default 30 s.
   */
  sweepEveryMs?: number;
  /** Publish right after each write; when false, only the periodic sweep publishes. */
  eager?: boolean;
  /**
   * Internal events the emitting service is the only consumer of, by name: the relay hands
   * them to these handlers instead of the broker, with the same guarantee (an entry leaves
   * the outbox only after its handler resolved, so a crash runs it again on restart).
   * Handlers must be idempotent, like any consumer.
   */
  local?: Readonly<Record<string, LocalHandler>>;
  /**
   * How long published entries of a document written through `prepareWrite` may wait for
   * its next write to take them off, before the relay clears them itself.
   */
  foldWaitMs?: number;
}

/**
 * Documents flushed at once. One flush per document at a time keeps an event's order
 * within its document (the only order the outbox promises); most of a flush is waiting for
 * the broker's confirms, so many run side by side.
 */
const RELAY_PARALLEL = 32;

/**
 * Delayed clears at once (each of up to CLEAR_BATCH documents of a collection): enough to keep
 * pace with a burst's publishing, few enough to leave the database to the writes that are still
 * coming (at 32 one-document clears, a 10 s burst of product creates lost a fifth of its rate to
 * the clears of its first half).
 */
const CLEAR_PARALLEL = 4;

/** How long a sweep leaves a kicked document to the kick's own flush (which may have failed). */
const KICK_GRACE_MS = 5_000;

/** Default of `foldWaitMs`: the kick grace, so the sweep and the delayed clear never both act. */
const FOLD_WAIT_MS = KICK_GRACE_MS;

/** Default of `sweepEveryMs`. */
const SWEEP_EVERY_MS = 30_000;

/** Documents waiting for their published entries to be taken off, by collection, in their order. */
function byCollection(folds: Iterable<Fold>): Map<Collection, Fold[]> {
  const grouped = new Map<Collection, Fold[]>();
  for (const fold of folds) {
    const group = grouped.get(fold.collection);
    if (group) group.push(fold);
    else grouped.set(fold.collection, [fold]);
  }
  return grouped;
}

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

/**
 * Publishes what writers put in their documents' outboxes (`outbox.ts` describes the
 * outbox): right after each write when kicked, and in sweeps for what no kick covered.
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private sweepPending = false;
  /** Sweeps run on every tick until then (start-up, failures, dropped kicks, work found). */
  private sweepUntil = 0;
  private lastSweep = 0;
  private startingUp = true;
  /** When `start` ran: a document written since has a writer whose kick (or a later sweep) is on it. */
  private startedAt = 0;
  /**
   * Documents just written, flushed by id: no collection scan on the request path. `known`
   * holds the events the writers pushed, when every kick said what it pushed.
   */
  private readonly targets = new Map<string, Target>();
  /**
   * When each document was last kicked, until its kick's flush ends: a sweep leaves such a
   * document to that flush for KICK_GRACE_MS instead of publishing its events a second time
   * (under load most pending documents have a flush coming when a sweep reads them).
   */
  private readonly kicked = new Map<string, number>();
  /** Kicked documents being flushed (one flush per document at a time), and those flushes. */
  private readonly flushing = new Map<string, Promise<void>>();
  /**
   * What this process knows of the outboxes it writes; `outboxes.folds` lists documents with
   * published entries still on them.
   */
  private readonly outboxes = new KnownOutboxes();
  private foldTimer?: NodeJS.Timeout;
  /** The delayed clears running (clearDue). */
  private readonly clears = new Set<Promise<void>>();
  private stopped = false;

  /** Whether its collections are in the outbox metrics. */
  private watched = false;

  private readonly local: Map<string, LocalHandler>;
  private readonly sources: Collection[];

  constructor(
    sources: readonly Collection[],
    private readonly broker: Broker,
    private readonly logger: Logger,
    private readonly options: RelayOptions = {},
  ) {
    this.sources = [...sources];
    this.local = new Map(Object.entries(options.local ?? {}));
  }

  /**
   * An internal event this service alone consumes, applied here by `handler` instead of being
   * published (as `options.local`): an aggregate store registers its projections' events so.
   */
  handleLocally(name: string, handler: LocalHandler): void {
    if (this.local.has(name)) throw new Error(`the local event ${name} has a handler already`);
    this.local.set(name, handler);
  }

  /** A collection whose documents carry an outbox, relayed from now on (an aggregate store adds its own). */
  addSource(collection: Collection): void {
    if (this.sources.some((c) => c.collectionName === collection.collectionName)) return;
    this.sources.push(collection);
    if (this.watched) watchOutboxes([collection], true);
  }

  start(): void {
    if (!this.watched) watchOutboxes(this.sources, (this.watched = true));
    this.stopped = false;
    this.startingUp = true;
    this.startedAt = Date.now();
    this.timer = setInterval(() => this.tick(), this.options.intervalMs ?? 1000);
    this.timer.unref();
    const foldWait = this.options.foldWaitMs ?? FOLD_WAIT_MS;
    this.foldTimer = setInterval(() => this.clearDue(Date.now()), Math.max(20, Math.min(1000, foldWait / 5)));
    this.foldTimer.unref();
    this.needSweeps();
    this.schedule(true);
  }

  /**
   * A sweep reads every pending document, and a document whose published entries wait for
   * its next write stays pending meanwhile: on FerretDB that read costs about as much as
   * the writes the folding saves. So the relay sweeps on every tick only while it has reason
   * to (`needSweeps`), and otherwise every `sweepEveryMs`.
   */
  private tick(): void {
    const now = Date.now();
    const due =
      this.options.eager === false ||
      now < this.sweepUntil ||
      now - this.lastSweep >= (this.options.sweepEveryMs ?? SWEEP_EVERY_MS);
    if (due) this.schedule(true);
  }

  /** Sweeps on every tick for long enough that a failed kick's grace runs out. */
  private needSweeps(): void {
    this.sweepUntil = Date.now() + KICK_GRACE_MS + 2 * (this.options.intervalMs ?? 1000);
  }

  /**
   * For a writer holding the document's lock: `update` with `events` added. When this process
   * has published entries still on the document, they leave in the same write: the update
   * sets the outbox to what remains plus the new entries, and `filter` (to add to the
   * writer's own) makes it apply only while the outbox holds exactly what this process last
   * left there. A write that did not apply (that condition, or the writer's own) leaves
   * nothing known, so the writer's next try pushes as `withEvents` does. The writer calls
   * `settle` before releasing the lock, and kicks the relay for the events as usual.
   */
  prepareWrite<U extends OutboxUpdate>(
    collection: Collection,
    _id: unknown,
    update: U,
    events: EventEnvelope[],
  ): OutboxWrite<U> {
    return this.outboxes.prepareWrite(documentKey(collection.collectionName, _id), update, events);
  }

  /**
   * For a writer inserting a document, holding its lock: the fields that carry its events (as
   * `outboxOf`; none: an empty outbox). Once the insert applied, this process knows the outbox exactly, so
   * the relay leaves the entries it publishes for the document's next write to take off, as
   * after `prepareWrite`. The writer kicks the relay as usual.
   */
  prepareInsert(collection: Collection, _id: unknown, events: EventEnvelope[]) {
    return this.outboxes.prepareInsert(documentKey(collection.collectionName, _id), events);
  }

  /** Of a document's outbox entries, those this process has not published yet (a removal keeps them). */
  unsentOf(collection: Collection, _id: unknown, entries: readonly OutboxEntry[]): OutboxEntry[] {
    const sent = this.outboxes.sentOn(documentKey(collection.collectionName, _id));
    return entries.filter((entry) => !sent.has(entry.id));
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
    unkeyed(() => this.pump()); // the relay's work is not the kicking request's: its ids are its own
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
      this.needSweeps();
      return;
    }
    for (const [key, target] of this.targets) {
      if (this.flushing.size >= RELAY_PARALLEL) return;
      if (this.flushing.has(key)) continue;
      this.targets.delete(key);
      const flight = this.flushKicked(target)
        .catch((err: Error) => this.failed(err, 'outbox flush failed; the sweep retries'))
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
      this.lastSweep = Date.now();
      try {
        // Work found may mean more to come.
        const connected = this.broker.connected;
        if ((await this.drain(this.startingUp ? 'startup' : 'sweep')) > 0) this.needSweeps();
        if (connected) this.startingUp = false;
      } catch (err) {
        this.failed(err as Error, 'outbox sweep failed; the next one retries');
      }
    }
  }

  private failed(err: Error, message: string): void {
    this.logger.warn({ err: err.message }, message);
    this.needSweeps();
  }

  /** Stops sweeping; a last pass publishes what the final requests wrote. */
  async stop(): Promise<void> {
    if (this.watched) watchOutboxes(this.sources, (this.watched = false));
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.foldTimer);
    await this.running;
    await Promise.all([...this.flushing.values(), ...this.clears]);
    // Published entries waiting for a next write leave now, many documents an update; the last
    // pass takes the rest off too, without sending them again.
    await this.clearFoldsNow().catch((err) =>
      this.logger.warn({ err: (err as Error).message }, 'final outbox clear failed; the last pass takes them'),
    );
    await this.drain('stop').catch((err) =>
      this.logger.warn({ err: (err as Error).message }, 'final outbox pass failed; the next start publishes'),
    );
    this.outboxes.folds.clear();
  }

  /**
   * Publishes pending documents' events. A sweep leaves alone what this process's kicks and
   * delayed clears will handle, and documents whose events are under KICK_GRACE_MS old (by
   * `outboxAt`): their writer's relay, maybe another replica's, is on them, and its published
   * entries may wait there for the next write. The first sweep after start takes every
   * document but this process's own and those written since it started (a restarted process's
   * leftovers are fresh too, but older than this start), and the last one, at stop, this
   * process's own and every document past the grace.
   */
  private async drain(mode: 'startup' | 'sweep' | 'stop'): Promise<number> {
    if (!this.broker.connected) {
      this.needSweeps(); // until it is back
      return 0;
    }
    let flushed = 0;
    const graceSince = Date.now() - KICK_GRACE_MS;
    const mine = (key: string) => (this.kicked.get(key) ?? 0) > graceSince || this.outboxes.folds.has(key);
    const since = (doc: OutboxDoc, time: number) => doc.outboxAt instanceof Date && doc.outboxAt.getTime() >= time;
    const fresh = (doc: OutboxDoc) => since(doc, graceSince);
    const takes: Record<typeof mode, (key: string, doc: OutboxDoc) => boolean> = {
      // Written in the very millisecond of the start is written since: this process's own.
      startup: (key, doc) => !mine(key) && !since(doc, this.startedAt),
      sweep: (key, doc) => !mine(key) && !fresh(doc),
      stop: (key, doc) => mine(key) || !fresh(doc),
    };
    for (const collection of this.sources) {
      // One read of every pending document: most of them are usually left alone (written in
      // the last seconds), and a paged read would scan the collection once per page on FerretDB.
      const docs = (await collection.find({ outboxPending: true }).toArray()) as OutboxDoc[];
      const due = docs.filter((doc) => takes[mode](documentKey(collection.collectionName, doc._id), doc));
      for (const doc of due) this.kicked.delete(documentKey(collection.collectionName, doc._id));
      // Only entries nothing else had published count as work found (a kick may have
      // emptied a document between the read and its flush).
      await inParallel(due, RELAY_PARALLEL, async (doc) => void (flushed += await this.flushOne(collection, doc._id)));
    }
    return flushed;
  }

  /**
   * Clears the published entries of documents nobody wrote again within `foldWaitMs`: those due,
   * in the order they started waiting, CLEAR_BATCH of a collection in one update
   * (clears-together.ts), up to CLEAR_PARALLEL clears at once, each clear starting the next when
   * it ends. What one update cannot take is cleared one by one.
   */
  private clearDue(now: number): void {
    if (this.stopped || !this.broker.connected) return;
    const foldWait = this.options.foldWaitMs ?? FOLD_WAIT_MS;
    while (this.clears.size < CLEAR_PARALLEL) {
      const due: Fold[] = [];
      for (const [key, fold] of this.outboxes.folds) {
        if (fold.since + foldWait > now || due.length === CLEAR_BATCH) break; // in the order they started waiting
        if (this.flushing.has(key)) continue; // a kick's flush is on it; it comes round again
        this.outboxes.folds.delete(key);
        due.push(fold);
      }
      if (due.length === 0) return;
      for (const [collection, folds] of byCollection(due)) {
        const clear = this.clearFolds(collection, folds)
          .catch((err: Error) => this.failed(err, 'outbox clear failed; the sweep retries'))
          .finally(() => {
            this.clears.delete(clear);
            this.pump();
            // The next due clear starts as this one ends, not on the next tick: clears keep
            // pace with publishing (issue #30: 32 documents a tick, one tick a second, left a
            // burst's sent entries for a crash to publish again minutes later).
            this.clearDue(Date.now());
          });
        this.clears.add(clear);
      }
    }
  }

  /** Every document's published entries that wait for a next write, taken off at once (at stop). */
  private async clearFoldsNow(): Promise<void> {
    const waiting = byCollection(this.outboxes.folds.values());
    this.outboxes.folds.clear();
    for (const [collection, folds] of waiting)
      for (let i = 0; i < folds.length; i += CLEAR_BATCH)
        await this.clearFolds(collection, folds.slice(i, i + CLEAR_BATCH));
  }

  /** One clear of a collection's due documents: together where it can, the rest one by one. */
  private async clearFolds(collection: Collection, folds: readonly Fold[]): Promise<void> {
    const alone = await clearTogether(collection, folds, this.outboxes);
    for (const fold of alone) await this.flushOne(fold.collection, fold._id);
  }

  private async flushKicked({ collection, _id, known }: Target): Promise<void> {
    await this.flushOne(collection, _id, known);
    const key = documentKey(collection.collectionName, _id);
    if (!this.targets.has(key)) this.kicked.delete(key); // else a newer kick is taken up next
  }

  /**
   * One flush of a document at a time, whether a kick, a sweep or a delayed clear started it
   * (the relay's own lock). Publishing what a kick named happens outside the writers' lock;
   * only the writes that clear entries, and a full flush, take it.
   */
  private flushOne(collection: Collection, _id: unknown, known?: EventEnvelope[]): Promise<number> {
    const key = documentKey(collection.collectionName, _id);
    return documentLocks.run(`outbox-relay/${key}`, async () => {
      if (known?.length && (await this.flushKnown(collection, _id as never, known))) return 0;
      if (!known?.length && (await this.clearSent(collection, _id as never))) return 0;
      // Anything else (a busy document's later writes, an entry no kick named): read, publish
      // and pull under the writers' lock, which empties a busy document's outbox at once.
      // Entries this process already published are only pulled.
      const sent = new Set([...(known?.map((event) => event.id) ?? []), ...this.outboxes.sentOn(key)]);
      const pulled = await this.writing(collection, _id, () => this.flush(collection, _id as never, sent));
      // Writes that landed before this flush read the document were sent with it: their kick,
      // waiting for this flush to end, must not send them again.
      const next = this.targets.get(key);
      if (next?.known) {
        next.known = next.known.filter((event) => !pulled.has(event.id));
        if (next.known.length === 0) this.targets.delete(key);
      }
      return [...pulled].filter((id) => !sent.has(id)).length;
    });
  }

  /** Publishes an event, or applies it here when it has a local handler, in the trace that made it. */
  private send(event: EventEnvelope): Promise<void> {
    const handle = this.local.get(event.name);
    return inTraceOf(eventTrace(event), () => (handle ? handle(event) : this.broker.publish(event)));
  }

  /** Writers of a document push onto its outbox under the same lock. */
  private writing<T>(collection: Collection, _id: unknown, write: () => Promise<T>): Promise<T> {
    return documentLocks.run(documentKey(collection.collectionName, _id), write);
  }

  /**
   * The writers said what they pushed: publish that. When this process knows the outbox
   * holds those entries (its writes went through `prepareWrite`), they are only marked as
   * sent, for the document's next write or the delayed clear to take off. Otherwise they are
   * pulled off at once, in one write that only applies while the outbox holds exactly those
   * entries (any order). Anything else there (a pass that failed, another replica's write)
   * leaves the document to the full flush, which may publish these again; consumers
   * deduplicate.
   */
  private async flushKnown(collection: Collection, _id: OutboxDoc['_id'], known: EventEnvelope[]): Promise<boolean> {
    await Promise.all(known.map((event) => this.send(event)));
    this.logger.debug({ eventIds: known.map((e) => e.id) }, 'events published');
    const key = documentKey(collection.collectionName, _id);
    if (this.outboxes.markSent(key, known, { collection, _id })) return true;
    const entries = toEntries(known); // the same values the writer pushed
    const cleared = await this.writing(collection, _id, () =>
      collection.updateOne({ _id, ...holdsExactly(entries) }, {
        $pullAll: { outbox: entries },
        $unset: NOT_PENDING,
      } as never),
    );
    return this.outboxes.learned(key, cleared.modifiedCount === 1);
  }

  /**
   * Takes off the entries this process published and marked as sent, in one write that only
   * applies while the outbox holds exactly what this process knows. False when there is
   * nothing known to clear or the outbox was not as known (the caller then flushes it whole).
   */
  private async clearSent(collection: Collection, _id: OutboxDoc['_id']): Promise<boolean> {
    const key = documentKey(collection.collectionName, _id);
    return this.writing(collection, _id, async () => {
      const clearing = this.outboxes.clearing(key);
      if (!clearing) return false;
      const cleared = await collection.updateOne({ _id, ...clearing.filter }, clearing.update);
      // Entries left (not published yet) go to the full flush, which also clears the flag.
      return clearing.done(cleared.modifiedCount === 1);
    });
  }

  /**
   * Publishes and pulls off whatever the document's outbox holds, except that entries in
   * `published` (this pass already sent them) are only pulled. Answers the ids pulled off.
   */
  private async flush(
    collection: Collection,
    _id: OutboxDoc['_id'],
    published: ReadonlySet<string> = new Set(),
  ): Promise<Set<string>> {
    const key = documentKey(collection.collectionName, _id);
    // Re-read under the lock: the sweep's batch may be stale by now.
    const doc = (await collection.findOne({ _id })) as OutboxDoc | null;
    const entries = doc?.outbox ?? [];
    if (entries.length > 0) {
      // Published in order on the one confirm channel and confirmed together, then pulled off
      // in one update ($pullAll takes exact values, which FerretDB supports): a hot document
      // is held for one write per pass, not one per event. A crash in between re-publishes
      // the batch; consumers deduplicate.
      const unsent = entries.filter((entry) => !published.has(entry.id));
      await Promise.all(unsent.map((entry) => this.send(eventOf(entry))));
      // Usually nothing was pushed meanwhile: the pull and the flag's clearing are then one
      // write (the size condition holds atomically, on MongoDB across replicas too).
      const cleared = await collection.updateOne({ _id, outbox: { $size: entries.length } }, {
        $pullAll: { outbox: entries },
        $unset: NOT_PENDING,
      } as never);
      this.logger.debug({ eventIds: unsent.map((e) => e.id) }, 'events published');
      if (cleared.modifiedCount === 1) {
        this.outboxes.learned(key, true);
        return new Set(entries.map((entry) => entry.id));
      }
      await collection.updateOne({ _id }, { $pullAll: { outbox: entries } } as never);
    }
    // Clears the flag only if nothing new was pushed meanwhile (same document, atomic).
    const emptied = await collection.updateOne({ _id, outbox: { $size: 0 } }, { $unset: NOT_PENDING });
    this.outboxes.learned(key, emptied.matchedCount === 1);
    return new Set(entries.map((entry) => entry.id));
  }
}
