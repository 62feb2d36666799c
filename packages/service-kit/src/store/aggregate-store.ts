import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventEnvelope } from '@stockyard/contracts';
import type { Collection, Model } from 'mongoose';
import { AppError, notFound } from '../errors';
import { documentKey, documentLocks } from '../db/document-lock';
import { isDuplicateKeyError } from '../db/mongo';
import type { OutboxRelay } from '../events/outbox-relay';
import { RecentMap } from '../recent-map';
import { fieldsOf } from './read-page';

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

export interface AggregateStoreOptions<S extends Aggregate> {
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
}

type Doc = Record<string, unknown> & { _id: string };
/** Documents a batched change reads in one round trip and decides on under one set of locks. */
const BATCH_SIZE = 500;
/**
 * Updates per bulk write: our FerretDB build never answers a bulk write of 100 updates or more
 * (99 take 70 ms; infra/ferretdb/README.md), so a batch's writes go in parts of this many.
 */
const BULK_WRITE_OPS = 50;
/** State fields a decision never writes itself. */
const OWNED = new Set(['id', 'orgId', 'version', 'createdAt', 'updatedAt']);

/**
 * One aggregate's store: every write of it goes through `create` or `change`. A change reads
 * the current state (or the one this process last wrote), lets a pure `decide` compute the
 * new state and its events, and writes both in one single-document update guarded by the
 * version read, under the document's lock (FerretDB applies updates unisolated; on MongoDB
 * the guard keeps replicas apart). A lost race reads again and decides again, a bounded
 * number of times. The events ride on the write through the outbox relay, which publishes
 * them once the write is made: a handler never touches the event log.
 *
 * The state's id is the document's `_id` (`id` in the state when the state has one); only
 * top-level fields whose value changed (by reference: states are immutable values) are written.
 */
export class AggregateStore<S extends Aggregate> {
  readonly collection: Collection;
  private readonly known?: RecentMap<string, S>;

  constructor(
    readonly model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any aggregate's model
    /** The service's outbox relay; an aggregate that emits no events needs none. */
    private readonly relay: OutboxRelay | undefined,
    private readonly options: AggregateStoreOptions<S>,
  ) {
    this.collection = model.collection;
    if (options.remember) this.known = new RecentMap(options.remember);
  }

  /** Runs a write of one document under its lock (and the service's `around`). */
  private locked<T>(_id: string, write: () => Promise<T>): Promise<T> {
    const around = this.options.around;
    return documentLocks.run(documentKey(this.collection.collectionName, _id), () =>
      around ? around(_id, write) : write(),
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

  /** Inserts a new aggregate with its events; a taken unique key is `options.duplicate`'s error. */
  async create(
    state: Omit<S, 'version' | 'createdAt' | 'updatedAt'> & { id?: string },
    events: EventEnvelope[] = [],
  ): Promise<S> {
    const { id, ...fields } = state as Record<string, unknown> & { orgId: string; id?: string };
    const _id = this.documentId(fields.orgId, id ?? '');
    return this.locked(_id, async () => {
      const now = new Date();
      const doc = { ...fields, _id, version: 1, createdAt: now, updatedAt: now };
      await this.insert(doc, events);
      const created = this.toState(doc);
      await this.wrote(_id, created, events);
      return created;
    });
  }

  /** Inserts with the events; a unique-index violation is translated unless `translate` is false. */
  private async insert(doc: Doc, events: EventEnvelope[], translate = true): Promise<void> {
    const outbox = events.length ? this.relayFor(events).prepareInsert(this.collection, doc._id, events) : undefined;
    try {
      await this.collection.insertOne((outbox ? { ...doc, ...outbox.fields } : doc) as never);
    } catch (err) {
      throw translate ? this.translate(err) : err;
    }
    outbox?.settle(true);
  }

  /**
   * Changes the organization's aggregate by `decide` (pure; it may throw an AppError, which
   * leaves everything as it was). A missing aggregate is a 404 unless `options.initial`
   * says what it starts as, in which case the first change inserts it.
   */
  change<R = undefined>(orgId: string, id: string, decide: (current: S) => Decision<S, R>): Promise<Changed<S, R>> {
    const _id = this.documentId(orgId, id);
    return this.locked(_id, () => this.changeLocked(orgId, id, _id, decide));
  }

  private async changeLocked<R>(
    orgId: string,
    id: string,
    _id: string,
    decide: (current: S) => Decision<S, R>,
  ): Promise<Changed<S, R>> {
    const attempts = this.options.maxAttempts ?? 100;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const remembered = this.known?.get(_id);
      const found = remembered?.orgId === orgId ? remembered : await this.byId(orgId, _id);
      if (!found && !this.options.initial) throw notFound(this.options.name);
      const current = found ?? this.options.initial!(orgId, id);
      const decision = decide(current);
      const next = decision.state ?? current;
      const events = decision.events ?? [];
      const fields = changedFields(current, next);
      const result = decision.result as R;
      if (Object.keys(fields).length === 0 && events.length === 0)
        return { state: current, result, changed: false, events };
      const written = found ? await this.update(_id, current, fields, events) : await this.insertNew(_id, next, events);
      if (written) {
        await this.wrote(_id, written, events);
        return { state: written, result, changed: true, events };
      }
      this.known?.delete(_id); // another replica wrote it: read it afresh
      await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
    throw contention(this.options.name);
  }

  private async insertNew(_id: string, next: S, events: EventEnvelope[]): Promise<S | undefined> {
    const now = new Date();
    const { id: _omit, ...fields } = next as S & { id?: string };
    const doc = { ...fields, _id, version: 1, createdAt: now, updatedAt: now } as unknown as Doc;
    try {
      await this.insert(doc, events, false);
    } catch (err) {
      if (isDuplicateKeyError(err)) return undefined; // created meanwhile: decide again on it
      throw this.translate(err);
    }
    return this.toState(doc);
  }

  private async update(_id: string, current: S, fields: Record<string, unknown>, events: EventEnvelope[]) {
    const now = new Date();
    const version = current.version + 1;
    const update = { $set: { ...setOf(current, fields), version, updatedAt: now } };
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

  /** After a write, still under the lock: remember the state, tell the caller's hook, kick the relay. */
  private async wrote(_id: string, state: S, events: EventEnvelope[]): Promise<void> {
    this.known?.set(_id, state);
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
   * Changes many of the organization's aggregates by one pure `decide` each: one read of the
   * documents (or what this process remembers), one bulk write of version-guarded updates with
   * their outbox entries, per BATCH_SIZE; the ones another replica changed meanwhile are read and
   * decided again. A decision that throws an AppError, or an id that is not there, is that
   * aggregate's outcome and leaves the others going; anything else is thrown. A missing one
   * that `options.initial` starts is inserted by `change`, one by one.
   */
  async changeMany<R = undefined>(
    orgId: string,
    ids: readonly string[],
    decide: (current: S) => Decision<S, R>,
  ): Promise<Map<string, Outcome<S, R>>> {
    const outcomes = new Map<string, Outcome<S, R>>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += BATCH_SIZE) {
      const part = unique.slice(i, i + BATCH_SIZE);
      const missing = await this.lockedMany(
        part.map((id) => this.documentId(orgId, id)),
        () => this.changeManyLocked(orgId, part, decide, outcomes),
      );
      for (const id of missing) outcomes.set(id, await this.outcomeOf(() => this.change(orgId, id, decide)));
    }
    return outcomes;
  }

  /** Takes the documents' locks in one order (two batches never wait on each other in a circle), then works. */
  private lockedMany<T>(_ids: string[], work: () => Promise<T>): Promise<T> {
    const keys = [..._ids].sort();
    const next = (i: number): Promise<T> => (i === keys.length ? work() : this.locked(keys[i]!, () => next(i + 1)));
    return next(0);
  }

  private async outcomeOf<R>(change: () => Promise<Changed<S, R>>): Promise<Outcome<S, R>> {
    try {
      return { ok: true, ...(await change()) };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, error: err };
      throw err;
    }
  }

  /** One batch under its locks; answers the ids `initial` must start (inserted one by one after). */
  private async changeManyLocked<R>(
    orgId: string,
    ids: string[],
    decide: (current: S) => Decision<S, R>,
    outcomes: Map<string, Outcome<S, R>>,
  ): Promise<string[]> {
    const missing: string[] = [];
    let pending = ids;
    for (let attempt = 0; pending.length > 0 && attempt < (this.options.maxAttempts ?? 100); attempt++) {
      const found = await this.readMany(orgId, pending);
      const writes: BatchWrite<S, R>[] = [];
      for (const id of pending) {
        const current = found.get(id);
        if (!current) {
          if (this.options.initial) missing.push(id);
          else outcomes.set(id, { ok: false, error: notFound(this.options.name) });
          continue;
        }
        const decided = await this.outcomeOf(async () => ({ ...decideOn(current, decide), changed: false }));
        if (!decided.ok) outcomes.set(id, decided);
        else if (Object.keys(changedFields(current, decided.state)).length === 0 && decided.events.length === 0)
          outcomes.set(id, { ...decided, state: current });
        else writes.push({ id, _id: this.documentId(orgId, id), current, next: decided.state, ...decided });
      }
      const lost = await this.writeMany(writes, outcomes);
      pending = lost.map((w) => w.id);
      if (pending.length > 0) await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
    for (const id of pending) outcomes.set(id, { ok: false, error: contention(this.options.name) });
    return missing;
  }

  /** The organization's aggregates among `ids`, by id: what this process remembers, the rest in one read. */
  private async readMany(orgId: string, ids: string[]): Promise<Map<string, S>> {
    const states = new Map<string, S>();
    const toRead = new Map<string, string>();
    for (const id of ids) {
      const _id = this.documentId(orgId, id);
      const remembered = this.known?.get(_id);
      if (remembered?.orgId === orgId) states.set(id, remembered);
      else toRead.set(_id, id);
    }
    if (toRead.size === 0) return states;
    for (const doc of await this.collection.find({ _id: { $in: [...toRead.keys()] } } as never).toArray()) {
      const id = toRead.get(doc._id as unknown as string);
      if (id !== undefined && doc.orgId === orgId) states.set(id, this.toState(doc as unknown as Doc));
    }
    return states;
  }

  /**
   * One bulk write of the batch's guarded updates, each marked with this attempt's token; when
   * fewer applied than were sent (another replica won some), the token tells which. Answers the
   * lost ones, to decide again.
   */
  private async writeMany<R>(writes: BatchWrite<S, R>[], outcomes: Map<string, Outcome<S, R>>) {
    if (writes.length === 0) return [];
    const now = new Date();
    const token = randomUUID();
    const prepared = writes.map((w) => {
      const fields = changedFields(w.current, w.next);
      const set = setOf(w.current, fields);
      const update = { $set: { ...set, version: w.current.version + 1, updatedAt: now, batchWrite: token } };
      const outbox = w.events.length
        ? this.relayFor(w.events).prepareWrite(this.collection, w._id, update, w.events)
        : undefined;
      const filter = { _id: w._id, version: versionGuard(w.current.version), ...outbox?.filter };
      return { w, fields, outbox, op: { updateOne: { filter, update: outbox?.update ?? update } } };
    });
    let applied: Set<string>;
    try {
      let modified = 0;
      for (let i = 0; i < prepared.length; i += BULK_WRITE_OPS) {
        const ops = prepared.slice(i, i + BULK_WRITE_OPS).map((p) => p.op);
        modified += (await this.collection.bulkWrite(ops as never, { ordered: false })).modifiedCount;
      }
      applied =
        modified === writes.length
          ? new Set(writes.map((w) => w._id))
          : await this.writtenBy(
              token,
              writes.map((w) => w._id),
            );
    } catch (err) {
      for (const p of prepared) p.outbox?.settle(false);
      throw this.translate(err);
    }
    const lost: BatchWrite<S, R>[] = [];
    for (const { w, fields, outbox } of prepared) {
      const won = applied.has(w._id);
      outbox?.settle(won);
      if (!won) {
        this.known?.delete(w._id);
        lost.push(w);
        continue;
      }
      const state = { ...w.current, ...fields, version: w.current.version + 1, updatedAt: now } as S;
      await this.wrote(w._id, state, w.events);
      outcomes.set(w.id, { ok: true, state, result: w.result, changed: true, events: w.events });
    }
    return lost;
  }

  /** The documents among `_ids` that a batch write with `token` changed. */
  private async writtenBy(token: string, _ids: string[]): Promise<Set<string>> {
    const docs = await this.collection
      .find({ _id: { $in: _ids } } as never, { projection: { batchWrite: 1 } })
      .toArray();
    return new Set(docs.filter((d) => d.batchWrite === token).map((d) => d._id as unknown as string));
  }

  /** Deletes the organization's aggregate for good; false when there was none. */
  async remove(orgId: string, id: string): Promise<boolean> {
    const _id = this.documentId(orgId, id);
    return this.locked(_id, async () => {
      this.known?.delete(_id);
      return (await this.collection.deleteOne({ _id, orgId } as never)).deletedCount === 1;
    });
  }

  /** Forgets what this process remembers of an aggregate (a write made outside the store). */
  forget(orgId: string, id: string): void {
    this.known?.delete(this.documentId(orgId, id));
  }

  private translate(err: unknown): unknown {
    return isDuplicateKeyError(err) && this.options.duplicate ? this.options.duplicate(err) : err;
  }

  private toState(doc: Doc): S {
    const state = fieldsOf(doc);
    state.version ??= 0; // a document written before a store kept it (see versionGuard)
    if (!this.options.documentId) state.id = doc._id;
    return state as S;
  }
}

/**
 * The condition on the version a change read. A document written before a store kept it (an
 * older service's) has none and is read as version 0, as is one a service inserted at 0 itself
 * (webhooks' deliveries): its first change is guarded on 0 or the field being absent (`null`
 * matches a missing field) and writes version 1, with no adoption pass over the collection.
 */
const versionGuard = (version: number) => (version === 0 ? { $in: [0, null] } : version);

/** 503 for a change that kept losing its version guard to other writers. */
const contention = (name: string) =>
  new AppError('unavailable', `${name} is too busy; retry`, 'contention', undefined, { 'Retry-After': '1' });

/** A decision on one of a batch's aggregates, to be written. */
interface BatchWrite<S, R> {
  id: string;
  _id: string;
  current: S;
  next: S;
  events: EventEnvelope[];
  result: R;
}

/** A decision's new state (the current one when unchanged), its events and its result. */
function decideOn<S, R>(current: S, decide: (current: S) => Decision<S, R>) {
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
