import { setTimeout as sleep } from 'node:timers/promises';
import type { AuditResource, EventEnvelope } from '@stockyard/contracts';
import type { Collection, Model } from 'mongoose';
import { AuditTrail, type AuditOption } from '../audit/audit-trail';
import { RemovalRecords } from '../audit/removal-records';
import { AppError, notFound } from '../errors';
import { documentKey, documentLocks } from '../db/document-lock';
import { isDuplicateKeyError } from '../db/mongo';
import { insertEach } from '../db/replace-all';
import { inKeyedRequest } from '../ids';
import { inParts } from '../parts';
import { eventOf, type OutboxDoc } from '../events/outbox';
import type { OutboxRelay } from '../events/outbox-relay';
import { RecentMap } from '../recent-map';
import { BatchChanges } from './batch-change';
import { ChangeQueues, here, sameAggregate, type InContext, type Queued } from './change-queues';
import {
  changedFields,
  contention,
  setOf,
  versionGuard,
  type Aggregate,
  type Changed,
  type Decision,
  type Outcome,
} from './decision';
import { Projections, type Projection } from './projection';
import { fieldsOf } from './read-page';
import { UniqueValues, type UniqueValuesOption } from './unique-values';

export type { Aggregate, Changed, Decision } from './decision';

/** Ids per read of `readMany`: a read of a few thousand ids is a few reads, none of them huge. */
const READ_PART = 500;

/**
 * How a state is stored where it is not stored as is: a field packed into one string (a list of
 * hundreds of small objects, which our FerretDB decodes one by one on every read and write).
 * `encode` answers the stored form of the fields it is given, under the same names; `decode`
 * the state of a stored document's fields.
 */
export interface StateCodec<S> {
  encode(fields: Record<string, unknown>): Record<string, unknown>;
  decode(stored: Record<string, unknown>): S;
}

interface AggregateStoreOptions<S extends Aggregate> {
  /** The aggregate's name in errors (`Product not found`). */
  name: string;
  /** The document `_id` of an aggregate; the default is its id. */
  documentId?: (orgId: string, id: string) => string;
  /** The state of an aggregate not stored yet; without it, a change of a missing one is a 404. */
  initial?: (orgId: string, id: string) => S;
  /** States remembered per process after their writes, so the next change skips its read (0: none). */
  remember?: number;
  /** Called under the document's lock after each write (caches to drop). */
  afterWrite?: (state: S) => Promise<void> | void;
  /**
   * Wraps each write inside the document's lock, for a service that must keep its own
   * readers out while a write runs (webhooks signs with an endpoint's secret as a reader).
   */
  around?: <T>(documentId: string, write: () => Promise<T>) => Promise<T>;
  /** The error a unique-index violation of a write becomes (a taken SKU); by default it is thrown as is. */
  duplicate?: (err: unknown) => AppError;
  /** Attempts before a change gives up with 503 `contention` (default 100). */
  maxAttempts?: number;
  /**
   * Values the aggregate holds unique in its organization (SKUs, a number): every write claims
   * the new ones first (the claims' `taken` error, nothing written) and releases those given up.
   */
  unique?: UniqueValuesOption<S>;
  /**
   * Collections kept from this aggregate's writes (store/projection.ts): their updates ride on
   * every create and change in the outbox and are applied before the write answers.
   */
  projections?: readonly Projection<S>[];
  /**
   * How its changes are recorded in the audit trail (audit/audit-trail.ts): each write carries an
   * `audit.recorded` event with the fields it changed, before and after. `false` for bookkeeping
   * no one changes (a delivery attempt, an operation's record).
   */
  audit?: AuditOption<S> | false;
  /** The stored form of its fields, where it is not the state's own (StateCodec). */
  codec?: StateCodec<S>;
}

/** A decision; a change may make it after reads of its own (it runs under the document's lock). */
export type Decide<S, R> = (current: S) => Decision<S, R> | Promise<Decision<S, R>>;

type Doc = Record<string, unknown> & { _id: string };

/** A change to decide: its aggregate, its decide, and where its decide runs (its caller's context). */
type Deciding<S> = { orgId: string; id: string; inContext: InContext; decide: Decide<S, unknown> };
/** A change's outcome in a group: what it changed, or its own error. */
type GroupOutcome<S> = { ok: true; changed: Changed<S, unknown> } | { ok: false; error: unknown };
/** What a queued change's caller is answered: its outcome, and its projections' updates being applied. */
type Settled<S> = { ok: true; changed: Changed<S, unknown>; applied?: Promise<void> } | { ok: false; error: unknown };
const isWrite = <S>(o: GroupOutcome<S>) => o.ok && o.changed.changed;
/** A change waiting in its document's queue. */
type QueuedChange<S> = Queued & Deciding<S> & { settle(settled: Settled<S>): void };
/**
 * One aggregate's store: every write of it goes through `create` or `change`. A change reads
 * the current state (or the one this process last wrote), lets a pure `decide` compute the
 * new state and its events, and writes both in one single-document update guarded by the
 * version read, under the document's lock (the guard keeps replicas apart, on MongoDB and on
 * our FerretDB build alike; the lock keeps this process's own writers from losing races to
 * each other). A lost race reads again and decides again, a bounded number of times. The
 * events ride on the write through the outbox relay, which publishes them once the write is
 * made: a handler never touches the event log.
 *
 * The state's id is the document's `_id` (`id` in the state when the state has one); only
 * top-level fields whose value changed (by reference: states are immutable values) are written.
 */
export class AggregateStore<S extends Aggregate> {
  readonly collection: Collection;
  private readonly known?: RecentMap<string, S>;
  private readonly batches: BatchChanges<S>;
  /** Changes waiting for their document, written a group at a time. */
  private readonly queues: ChangeQueues<QueuedChange<S>>;
  private readonly unique?: UniqueValues<S>;
  private readonly projections?: Projections<S>;
  private readonly audit?: AuditTrail<S>;
  /** Where its removals' records wait for the removal (made on the first one). */
  private removals?: RemovalRecords;

  constructor(
    readonly model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any aggregate's model
    /** The service's outbox relay; an aggregate that emits no events needs none. */
    private readonly relay: OutboxRelay | undefined,
    private readonly options: AggregateStoreOptions<S>,
  ) {
    this.collection = model.collection;
    if (options.remember) this.known = new RecentMap(options.remember);
    if (options.unique) this.unique = new UniqueValues(options.unique);
    // A group's claims would be its last state's: a value an earlier change of it wanted, and
    // another aggregate holds, would go unrefused. Unique values are written one change at a time.
    this.queues = new ChangeQueues<QueuedChange<S>>(
      (_id, group) => this.changeGroup(_id, group),
      sameAggregate(options.unique ? 1 : undefined),
    );
    relay?.addSource(this.collection);
    if (options.projections?.length) this.projections = new Projections(options.projections, relay, options.name);
    if (options.audit !== false && relay) this.audit = new AuditTrail(options.name, options.audit);
    this.batches = new BatchChanges<S>({
      name: options.name,
      collection: this.collection,
      maxAttempts: options.maxAttempts ?? 100,
      initial: options.initial,
      documentId: (orgId, id) => this.documentId(orgId, id),
      lockedMany: (_ids, work) => this.lockedMany(_ids, work),
      remembered: (_id) => this.known?.get(_id),
      forget: (_id) => this.known?.delete(_id),
      toState: (doc) => this.toState(doc),
      setOf: (current, fields) => this.setOf(current, fields),
      prepareWrite: (_id, update, events) => this.relayFor(events).prepareWrite(this.collection, _id, update, events),
      wrote: (_id, state, events) => this.wrote(_id, state, events),
      translate: (err) => this.translate(err),
      // The batch's own decide, its projections' events added already; changeMany applies them.
      change: (orgId, id, decide) => {
        const _id = this.documentId(orgId, id);
        return this.locked(_id, () => this.changeLocked(orgId, id, _id, decide));
      },
      unique: this.unique,
    });
  }

  /** Runs a write of one document under its lock (and the service's `around`). */
  private locked<T>(_id: string, write: () => Promise<T>): Promise<T> {
    const around = this.options.around;
    return documentLocks.run(documentKey(this.collection.collectionName, _id), () =>
      around ? around(_id, write) : write(),
    );
  }

  /** Takes the documents' locks in one order (two callers never wait on each other in a circle), then works. */
  private lockedMany<T>(_ids: string[], work: () => Promise<T>): Promise<T> {
    const keys = [...new Set(_ids)].sort();
    const next = (i: number): Promise<T> => (i === keys.length ? work() : this.locked(keys[i]!, () => next(i + 1)));
    return next(0);
  }

  /**
   * Runs `work` holding these aggregates' write locks, for a use case that reads several of them,
   * plans, and writes them together itself (a supplier's SKU upsert and its bulk write): no other
   * writer in this process interleaves; the writes still carry their version, for other replicas.
   */
  exclusive<T>(orgId: string, ids: readonly string[], work: () => Promise<T>): Promise<T> {
    return this.lockedMany(
      ids.map((id) => this.documentId(orgId, id)),
      work,
    );
  }

  private documentId(orgId: string, id: string): string {
    return this.options.documentId ? this.options.documentId(orgId, id) : id;
  }

  /** The organization's aggregate as stored, or undefined (another organization's too). */
  async read(orgId: string, id: string): Promise<S | undefined> {
    return this.byId(orgId, this.documentId(orgId, id));
  }

  /**
   * The organization's aggregates among these ids, by id (unknown ones and another organization's
   * left out): one read by `_id` per part of READ_PART ids, the parts at once, where reading them
   * one by one costs a round trip each (a bundle's components, an order's SKUs).
   */
  async readMany(orgId: string, ids: readonly string[]): Promise<Map<string, S>> {
    const idOf = new Map([...new Set(ids)].map((id) => [this.documentId(orgId, id), id]));
    const docs = await inParts(
      [...idOf.keys()],
      READ_PART,
      (_ids) => this.collection.find({ _id: { $in: _ids } } as never, { projection: { outbox: 0 } }).toArray(),
      { together: true },
    );
    const found = new Map<string, S>();
    for (const doc of docs)
      if (doc.orgId === orgId) found.set(idOf.get(String(doc._id))!, this.toState(doc as unknown as Doc));
    return found;
  }

  /**
   * The state this process last wrote, if it still remembers it, without a read. It may be
   * stale (another replica wrote since), so it only serves work that a `change` checks again
   * under its version guard: the reads a caller makes to prepare a change.
   */
  remembered(orgId: string, id: string): S | undefined {
    const state = this.known?.get(this.documentId(orgId, id));
    return state?.orgId === orgId ? state : undefined;
  }

  /** Reads by the bare `_id` and checks the tenancy here (the lookup FerretDB answers from its index). */
  private async byId(orgId: string, _id: string): Promise<S | undefined> {
    const doc = await this.collection.findOne({ _id } as never);
    return doc && doc.orgId === orgId ? this.toState(doc as unknown as Doc) : undefined;
  }

  /**
   * Inserts a new aggregate with its events; a taken unique key is `options.duplicate`'s error,
   * a unique value someone else holds the claims' `taken` error. Inside a keyed request an
   * aggregate already stored under its id is the one an earlier run of the request made (the ids
   * are the key's: see `withKeyedIds`): it is answered as created, and nothing is written again.
   */
  async create(
    state: Omit<S, 'version' | 'createdAt' | 'updatedAt'> & { id?: string },
    events: EventEnvelope[] = [],
  ): Promise<S> {
    const { id, ...given } = state as Record<string, unknown> & { orgId: string; id?: string };
    const fields = (this.options.codec ? this.options.codec.encode(given) : given) as typeof given;
    const _id = this.documentId(fields.orgId, id ?? '');
    // The state as it is stored, its instants the insert's: a projection need not read them back.
    const now = new Date();
    const stored = { ...state, version: 1, createdAt: now, updatedAt: now } as unknown as S;
    const local = this.projections?.eventsFor(null, stored, 1) ?? [];
    const record = this.audit?.eventFor(null, state as unknown as S, id ?? _id);
    const all = [...events, ...local, ...(record ? [record] : [])];
    const { created, inserted } = await this.createLocked(_id, id, fields, state, all, now);
    // An earlier run's aggregate (a keyed rerun) has its own updates in its outbox.
    if (inserted) await this.projections?.applyNow(local);
    return created;
  }

  /**
   * Inserts new aggregates together (one unordered insert), each with its own events and its
   * projections' updates in its outbox; one whose id exists is left as it is (a retried request's:
   * the ids are the caller's) and answered false. One audit record names every aggregate made, in
   * the first one's outbox; when some were there already, it is rewritten to name only those made
   * (`recordMade`). For many small aggregates one request makes at once (an order's holds); a
   * store with unique values creates one by one.
   */
  async createAll(
    states: readonly (Omit<S, 'version' | 'createdAt' | 'updatedAt'> & { id: string })[],
  ): Promise<boolean[]> {
    if (this.unique) throw new Error(`${this.options.name}: createAll does not claim unique values`);
    // Its one audit record is the organization's: another's aggregates would land in its trail.
    if (states.some((s) => s.orgId !== states[0]!.orgId)) throw new Error(`${this.options.name}: createAll of one org`);
    const now = new Date();
    const writes = states.map((state) => {
      const { id, ...given } = state as Record<string, unknown> & { orgId: string; id: string };
      const fields = this.options.codec ? this.options.codec.encode(given) : given;
      const _id = this.documentId(given.orgId, id);
      const created = { ...state, version: 1, createdAt: now, updatedAt: now } as unknown as S;
      const local = this.projections?.eventsFor(null, created, 1) ?? [];
      const resource = this.audit?.resourceFor(null, created, id);
      const doc = { ...fields, _id, version: 1, createdAt: now, updatedAt: now } as Doc;
      return { _id, doc, events: local, local, resource };
    });
    const resources = writes.flatMap((w) => (w.resource ? [w.resource] : []));
    if (resources.length) writes[0]!.events = [...writes[0]!.local, this.audit!.record(states[0]!.orgId, resources)];
    const inserted = await this.lockedMany(
      writes.map((w) => w._id),
      async () => {
        const outboxes = writes.map((w) =>
          w.events.length || this.relay
            ? this.relayFor(w.events).prepareInsert(this.collection, w._id, w.events)
            : undefined,
        );
        const docs = writes.map((w, i) => ({ ...w.doc, ...outboxes[i]?.fields }));
        const fates = await insertEach(this.collection, docs).catch((err: unknown) => {
          throw this.translate(err);
        });
        outboxes.forEach((outbox, i) => outbox?.settle(fates[i]!));
        if (resources.length && fates.includes(false)) await this.recordMade(writes, fates);
        for (const [i, w] of writes.entries()) if (fates[i]) await this.wrote(w._id, this.toState(w.doc), w.events);
        return fates;
      },
    );
    await this.projections?.applyNow(writes.flatMap((w, i) => (inserted[i] ? w.local : [])));
    return inserted;
  }

  /**
   * A `createAll` that found some of its ids there already (a retried request's): the record the
   * first aggregate carried named them all, and it may not have been inserted at all. The first
   * one inserted now carries a record of only those made, in an outbox rewritten whole while it is
   * still the insert's (version 1). Under the writers' lock, before the relay is told.
   */
  private async recordMade(
    writes: { _id: string; doc: Doc; events: EventEnvelope[]; local: EventEnvelope[]; resource?: AuditResource }[],
    fates: readonly boolean[],
  ): Promise<void> {
    const made = writes.filter((_, i) => fates[i]);
    if (made.length === 0) return;
    writes[0]!.events = writes[0]!.local; // not inserted, or inserted and rewritten below
    const resources = made.flatMap((w) => (w.resource ? [w.resource] : []));
    const first = made[0]!;
    first.events = [...first.local, this.audit!.record(first.doc.orgId as string, resources)];
    const outbox = this.relayFor(first.events).prepareInsert(this.collection, first._id, first.events);
    const guard = { _id: first._id as never, version: 1 };
    const { modifiedCount } = await this.collection.updateOne(guard, { $set: outbox.fields });
    outbox.settle(modifiedCount === 1);
  }

  private createLocked(
    _id: string,
    id: string | undefined,
    fields: Record<string, unknown> & { orgId: string },
    state: object,
    events: EventEnvelope[],
    now: Date,
  ): Promise<{ created: S; inserted: boolean }> {
    return this.locked(_id, async () => {
      const doc = { ...fields, _id, version: 1, createdAt: now, updatedAt: now };
      const claimed = (await this.unique?.claim(fields.orgId, id ?? _id, undefined, state as unknown as S)) ?? [];
      try {
        await this.insert(doc, events, false);
      } catch (err) {
        await this.unique?.release(fields.orgId, id ?? _id, claimed);
        const earlier = isDuplicateKeyError(err) && inKeyedRequest() ? await this.byId(fields.orgId, _id) : undefined;
        if (earlier) return { created: earlier, inserted: false };
        throw this.translate(err);
      }
      const created = this.toState(doc);
      await this.wrote(_id, created, events);
      return { created, inserted: true };
    });
  }

  /** Inserts with the events; a unique-index violation is translated unless `translate` is false. */
  private async insert(doc: Doc, events: EventEnvelope[], translate = true): Promise<void> {
    const outbox =
      events.length || this.relay ? this.relayFor(events).prepareInsert(this.collection, doc._id, events) : undefined;
    try {
      await this.collection.insertOne((outbox ? { ...doc, ...outbox.fields } : doc) as never);
    } catch (err) {
      throw translate ? this.translate(err) : err;
    }
    outbox?.settle(true);
  }

  /**
   * Changes the organization's aggregate by `decide` (it may throw an AppError, which leaves
   * everything as it was; a refusal of the state this process remembers is decided again on a
   * fresh read). `decide` is pure, or makes the reads its decision needs (a category's template)
   * itself: it runs under the document's lock, on the state it changes, so nothing it checked
   * can move before the write. A missing aggregate is a 404 unless `options.initial` says what
   * it starts as, in which case the first change inserts it.
   *
   * Changes of one document that wait for each other are written together (change-queues.ts):
   * each decides, in its own caller's context, on the state the one before it left, as if each
   * were written alone (its own version, its own events and audit record), and one guarded
   * update writes them all. A hot document (one variant's stock under every connection) then
   * costs a write per group, not per change.
   */
  async change<R = undefined>(orgId: string, id: string, decide: Decide<S, R>): Promise<Changed<S, R>> {
    const _id = this.documentId(orgId, id);
    if (this.audit) decide = this.audit.deciding(decide, id);
    if (this.projections) decide = this.projections.deciding(decide);
    const settled = await new Promise<Settled<S>>((settle) =>
      this.queues.add(_id, {
        orgId,
        id,
        decide,
        settle,
        fail: (error) => settle({ ok: false, error }),
      }),
    );
    if (!settled.ok) throw settled.error;
    await settled.applied;
    return settled.changed as Changed<S, R>;
  }

  /**
   * Writes a group of one document's changes under its lock, then applies their projections'
   * updates together. A write that fails for a group of several (a value another aggregate
   * holds) is one change's error: each is then written alone, so it reaches its own caller.
   */
  private async changeGroup(_id: string, group: QueuedChange<S>[]): Promise<void> {
    let outcomes: GroupOutcome<S>[] | undefined;
    try {
      outcomes = await this.locked(_id, () => this.changeGroupLocked(_id, group));
    } catch (error) {
      for (const entry of group) entry.settle({ ok: false, error });
      return;
    }
    if (!outcomes) {
      for (const entry of group) await this.changeGroup(_id, [entry]);
      return;
    }
    const local = outcomes.flatMap((o) => (o.ok && o.changed.changed ? o.changed.events : []));
    const applied = this.projections && local.length > 0 ? this.projections.applyNow(local) : undefined;
    applied?.catch(() => undefined); // each changed caller awaits it and meets its error
    group.forEach((entry, i) => {
      const outcome = outcomes[i]!;
      entry.settle(outcome.ok ? { ...outcome, applied } : outcome);
    });
  }

  /** One change under the document's lock (a batched change's fallback): a group of one. */
  private async changeLocked<R>(orgId: string, id: string, _id: string, decide: Decide<S, R>): Promise<Changed<S, R>> {
    const alone = { orgId, id, decide: decide as Decide<S, unknown>, inContext: here };
    const [outcome] = (await this.changeGroupLocked(_id, [alone]))!;
    if (!outcome!.ok) throw outcome!.error;
    return outcome!.changed as Changed<S, R>;
  }

  /**
   * Decides a group's changes one after another on the stored state (or the one this process
   * remembers) and writes them in one update guarded by the version read; a lost race reads again
   * and decides them all again, a bounded number of times. Answers an outcome per change, or
   * undefined when the group must be written one by one: its aggregate is not stored yet (the
   * first change inserts it), or its write failed.
   */
  private async changeGroupLocked(_id: string, group: readonly Deciding<S>[]): Promise<GroupOutcome<S>[] | undefined> {
    const { orgId, id } = group[0]!;
    const attempts = this.options.maxAttempts ?? 100;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const remembered = this.known?.get(_id);
      const fromMemory = remembered?.orgId === orgId;
      const found = fromMemory ? remembered : await this.byId(orgId, _id);
      if (!found && !this.options.initial) throw notFound(this.options.name);
      if (!found && group.length > 1) return undefined;
      const current = found ?? this.options.initial!(orgId, id);
      const decided = await this.decideAll(current, group, fromMemory);
      if (!decided) {
        this.known?.delete(_id); // refuse only what is stored: decide again on a fresh read
        continue;
      }
      const { outcomes, next, events, steps, now } = decided;
      if (steps === 0) return outcomes;
      const fields = changedFields(current, next);
      let written: S | undefined;
      try {
        written = await this.claimed(orgId, id, found, next, () =>
          found ? this.update(_id, current, fields, events, steps, now) : this.insertNew(_id, next, events),
        );
      } catch (err) {
        if (group.length > 1) return undefined;
        throw err;
      }
      if (written) {
        await this.wrote(_id, written, events);
        // The last change that wrote answers the state as written (an insert's, with its instants).
        let last = outcomes.length - 1;
        while (!isWrite(outcomes[last]!)) last--;
        const { changed } = outcomes[last] as Extract<GroupOutcome<S>, { ok: true }>;
        outcomes[last] = { ok: true, changed: { ...changed, state: written } };
        return outcomes;
      }
      this.known?.delete(_id); // another replica wrote it: read it afresh
      await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
    throw contention(this.options.name);
  }

  /**
   * Each change of a group decided, in its caller's context, on the state the one before it
   * left, that state stepped as its own write would have (its version, its instant): an outcome
   * per change (an error of its own decide is its outcome), the state they lead to, all their
   * events in order, and how many wrote something. Undefined when a decision refused a state
   * this process remembers: the group is decided again on a fresh read.
   */
  private async decideAll(current: S, group: readonly Deciding<S>[], fromMemory: boolean) {
    const now = new Date();
    const outcomes: GroupOutcome<S>[] = [];
    const events: EventEnvelope[] = [];
    let state = current;
    let steps = 0;
    for (const entry of group) {
      let decision: Decision<S, unknown>;
      try {
        decision = await entry.inContext(() => entry.decide(state));
      } catch (error) {
        if (fromMemory && error instanceof AppError) return undefined;
        outcomes.push({ ok: false, error });
        continue;
      }
      const own = decision.events ?? [];
      const fields = changedFields(state, decision.state ?? state);
      if (Object.keys(fields).length === 0 && own.length === 0) {
        outcomes.push({ ok: true, changed: { state, result: decision.result, changed: false, events: own } });
        continue;
      }
      state = { ...state, ...fields, version: state.version + 1, updatedAt: now };
      steps++;
      events.push(...own);
      outcomes.push({ ok: true, changed: { state, result: decision.result, changed: true, events: own } });
    }
    return { outcomes, next: state, events, steps, now };
  }

  /**
   * A write with the unique values it needs: the new ones claimed before it (released again when
   * it does not happen), the ones given up released after it.
   */
  private async claimed(
    orgId: string,
    id: string,
    current: S | undefined,
    next: S,
    write: () => Promise<S | undefined>,
  ): Promise<S | undefined> {
    if (!this.unique) return write();
    const claimed = await this.unique.claim(orgId, id, current, next);
    let written: S | undefined;
    try {
      written = await write();
    } catch (err) {
      await this.unique.release(orgId, id, claimed);
      throw err;
    }
    if (!written) await this.unique.release(orgId, id, claimed);
    else await this.unique.release(orgId, id, this.unique.givenUp(current, next));
    return written;
  }

  private async insertNew(_id: string, next: S, events: EventEnvelope[]): Promise<S | undefined> {
    const now = new Date();
    const { id: _omit, ...given } = next as S & { id?: string };
    const fields = this.options.codec ? this.options.codec.encode(given) : given;
    const doc = { ...fields, _id, version: 1, createdAt: now, updatedAt: now } as unknown as Doc;
    try {
      await this.insert(doc, events, false);
    } catch (err) {
      if (isDuplicateKeyError(err)) return undefined; // created meanwhile: decide again on it
      throw this.translate(err);
    }
    return this.toState(doc);
  }

  /** A guarded update by `steps` versions (the changes of a group), or undefined when another writer won. */
  private async update(
    _id: string,
    current: S,
    fields: Record<string, unknown>,
    events: EventEnvelope[],
    steps = 1,
    now = new Date(),
  ) {
    const version = current.version + steps;
    const update = { $set: { ...this.setOf(current, fields), version, updatedAt: now } };
    const guard = { _id, version: versionGuard(current.version) };
    try {
      if (events.length === 0) {
        if ((await this.collection.updateOne(guard as never, update)).modifiedCount !== 1) return undefined;
      } else {
        const write = this.relayFor(events).prepareWrite(this.collection, _id, update, events);
        const applied = (await this.collection.updateOne({ ...guard, ...write.filter } as never, write.update))
          .modifiedCount;
        write.settle(applied === 1);
        if (applied !== 1) return undefined;
      }
    } catch (err) {
      throw this.translate(err);
    }
    return { ...current, ...fields, version, updatedAt: now } as S;
  }

  /**
   * After a write, still under the lock: remember the state, hand it to the projections and the
   * caller's hook, kick the relay.
   */
  private async wrote(_id: string, state: S, events: EventEnvelope[]): Promise<void> {
    this.known?.set(_id, state);
    this.projections?.wrote(state);
    await this.options.afterWrite?.(state);
    // On the next turn of the event loop: the caller's follow-up to the change (inventory's
    // ledger rows, which its relay's local handler would otherwise write a second time) has
    // begun by then.
    if (events.length > 0) setImmediate(() => this.relayFor(events).kick(this.collection, _id, events));
  }

  private relayFor(events: EventEnvelope[]): OutboxRelay {
    if (!this.relay) throw new Error(`${this.options.name} has no outbox relay for its ${events[0]?.name} event`);
    return this.relay;
  }

  /**
   * Changes many of the organization's aggregates by one pure `decide` each, in batches: one
   * read of the documents, bulk writes of version-guarded updates with their outbox entries, the
   * ones another replica won decided again; an outcome per id (store/batch-change.ts).
   */
  async changeMany<R = undefined>(
    orgId: string,
    ids: readonly string[],
    decide: (current: S) => Decision<S, R>,
  ): Promise<Map<string, Outcome<S, R>>> {
    if (this.audit) decide = this.audit.deciding(decide);
    if (!this.projections) return this.batches.run(orgId, ids, decide);
    const outcomes = await this.batches.run(orgId, ids, this.projections.deciding(decide));
    await this.projections.applyNow([...outcomes.values()].flatMap((o) => (o.ok && o.changed ? o.events : [])));
    return outcomes;
  }

  /**
   * Deletes the organization's aggregate for good; false when there was none, or when
   * `condition` (more fields the document must match: a lease, a version read) did not hold. An
   * audited aggregate's removal is recorded (`deleted`, with the fields it held) if and only if it
   * happened, and events still in its outbox leave with that record (audit/removal-records.ts).
   */
  async remove(orgId: string, id: string, condition: Record<string, unknown> = {}): Promise<boolean> {
    const _id = this.documentId(orgId, id);
    return this.locked(_id, async () => {
      this.known?.delete(_id);
      const remove = async () =>
        (await this.collection.deleteOne({ ...condition, _id, orgId } as never)).deletedCount === 1;
      if (!this.relay) return remove();
      // Events still in its outbox (its last change's, not sent yet) must outlive it: they leave with the record.
      const doc = (await this.collection.findOne({ _id } as never)) as (Doc & OutboxDoc) | null;
      if (!doc || doc.orgId !== orgId) return remove();
      const pending = this.relay.unsentOf(this.collection, _id, doc.outbox ?? []).map(eventOf);
      const record = this.audit?.eventForRemoval(this.toState(doc), id);
      const events = [...pending, ...(record ? [record] : [])];
      if (events.length === 0) return remove();
      this.removals ??= new RemovalRecords(this.model.db, this.relay);
      return this.removals.removing(events, { collection: this.collection.collectionName, _id }, remove);
    });
  }

  /**
   * A write of one document, by its `_id`, that a pure `change` cannot express: a lease claimed
   * only while it is free, an upsert by `$max`, a document keyed without an `orgId`. `condition`
   * guards it (it applies only while the document matches); the store takes the document's lock
   * (and `around`), as every write of the store does, and forgets what it remembers of it. The
   * update is sent as given: one of an aggregate that also changes by `change` must move its
   * version (`$inc: { version: 1 }`) so that change's guard sees it. Answers the document after
   * the update, or undefined when the condition did not hold (and no upsert was asked for).
   * It reads no organization itself: the condition carries the tenancy (`orgId`) wherever a
   * caller acts for one (a worker's lease claim acts for none).
   */
  updateWhere(
    _id: string,
    condition: Record<string, unknown>,
    update: Record<string, unknown>,
    options: { upsert?: boolean } = {},
  ): Promise<Doc | undefined> {
    return this.locked(_id, async () => {
      this.known?.delete(_id);
      const filter = { ...condition, _id } as never;
      const after = { returnDocument: 'after' as const, upsert: options.upsert ?? false, includeResultMetadata: false };
      try {
        return ((await this.collection.findOneAndUpdate(filter, update, after)) as Doc | null) ?? undefined;
      } catch (err) {
        throw this.translate(err);
      }
    });
  }

  /** The state of a document a reads class found itself (a list's page): decoded as the store decodes. */
  stateOfDoc(doc: Record<string, unknown>): S {
    return this.toState(doc as Doc);
  }

  /** Forgets what this process remembers of an aggregate (a write made outside the store). */
  forget(orgId: string, id: string): void {
    this.known?.delete(this.documentId(orgId, id));
  }

  private translate(err: unknown): unknown {
    return isDuplicateKeyError(err) && this.options.duplicate ? this.options.duplicate(err) : err;
  }

  private toState(doc: Doc): S {
    const fields = fieldsOf(doc);
    const state = (this.options.codec ? this.options.codec.decode(fields) : fields) as Record<string, unknown>;
    state.version ??= 0; // a document written before a store kept it (see versionGuard)
    if (!this.options.documentId) state.id = doc._id;
    return state as S;
  }

  /**
   * A change's `$set`: the stored form of its fields, arrays by their changed elements (setOf);
   * a field the codec stores in a form of its own is set whole.
   */
  private setOf(current: S, fields: Record<string, unknown>): Record<string, unknown> {
    if (!this.options.codec) return setOf(current, fields);
    const whole: Record<string, unknown> = {};
    const asIs: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.options.codec.encode(fields)))
      (value === fields[key] ? asIs : whole)[key] = value;
    return { ...whole, ...setOf(current, asIs) };
  }
}
