import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventEnvelope } from '@stockyard/contracts';
import type { Collection } from 'mongoose';
import { AppError, notFound } from '../errors';
import type { OutboxWrite } from '../events/known-outboxes';
import type { OutboxUpdate } from '../events/outbox';
import {
  changedFields,
  contention,
  decideOn,
  versionGuard,
  type Changed,
  type Decision,
  type Outcome,
} from './decision';
import { ChangeQueues, type Queued } from './change-queues';
import type { UniqueValues } from './unique-values';

/** Documents a batched change reads in one round trip and decides on under one set of locks. */
const BATCH_SIZE = 500;
/**
 * Updates per bulk write: our FerretDB build never answers a bulk write of 100 updates or more
 * (99 take 70 ms; infra/ferretdb/README.md), so a batch's writes go in parts of this many.
 */
const BULK_WRITE_OPS = 50;

/** A decision (or a combined batch's decisions) on one aggregate, to be written. */
interface BatchWrite<S> {
  id: string;
  _id: string;
  current: S;
  next: S;
  events: EventEnvelope[];
  /** How many changes it writes (a combined batch's, one after another): the version moves by as many. */
  steps: number;
  /** Answers its changes, given the state as written. */
  written(state: S): void;
}

/**
 * A batch waiting for its organization's batch before it (it is combined with the others waiting),
 * in its caller's async context (change-queues.ts); `fail` rejects it.
 */
interface Waiting<S> extends Queued {
  ids: string[];
  decide: (current: S) => Decision<S, unknown>;
  outcomes: Map<string, Outcome<S, unknown>>;
  /** What its decide threw that was not an AppError: the batch fails with it. */
  failed?: unknown;
  resolve(outcomes: Map<string, Outcome<S, unknown>>): void;
}

/** How many of an organization's first waiting batches are combined: as many as BATCH_SIZE aggregates allow. */
function combinable<S>(queue: readonly Waiting<S>[]): number {
  const ids = new Set(queue[0]!.ids);
  let n = 1;
  while (n < queue.length && new Set([...ids, ...queue[n]!.ids]).size <= BATCH_SIZE)
    for (const id of queue[n++]!.ids) ids.add(id);
  return n;
}

/** What a batched change needs of its store: its documents, locks, memory and writes' bookkeeping. */
interface StoreCore<S> {
  name: string;
  collection: Collection;
  maxAttempts: number;
  initial?: (orgId: string, id: string) => S;
  documentId(orgId: string, id: string): string;
  /** Runs `work` holding these documents' locks, taken in one order. */
  lockedMany<T>(_ids: string[], work: () => Promise<T>): Promise<T>;
  /** The state this process last wrote, if any (the caller checks its organization). */
  remembered(_id: string): S | undefined;
  forget(_id: string): void;
  toState(doc: Record<string, unknown> & { _id: string }): S;
  /** The `$set` of a change's fields, in their stored form. */
  setOf(current: S, fields: Record<string, unknown>): Record<string, unknown>;
  prepareWrite(_id: string, update: OutboxUpdate, events: EventEnvelope[]): OutboxWrite<OutboxUpdate>;
  wrote(_id: string, state: S, events: EventEnvelope[]): Promise<void>;
  translate(err: unknown): unknown;
  change<R>(orgId: string, id: string, decide: (current: S) => Decision<S, R>): Promise<Changed<S, R>>;
  /** The aggregate's unique values, if it holds any: a decision that wants a new one is changed one by one. */
  unique?: UniqueValues<S>;
}

/** AggregateStore.changeMany: many aggregates of one organization changed in batches. */
export class BatchChanges<S extends { orgId: string; version: number }> {
  /** Batches waiting, by organization: the first drains them, combined. */
  private readonly waiting = new ChangeQueues<Waiting<S>>((orgId, calls) => this.runWaiting(orgId, calls), combinable);

  constructor(private readonly core: StoreCore<S>) {}

  /**
   * Changes many of the organization's aggregates by one pure `decide` each: one read of the
   * documents (or what this process remembers), one bulk write of version-guarded updates with
   * their outbox entries, per BATCH_SIZE; the ones another replica changed meanwhile are read and
   * decided again. A decision that throws an AppError, or an id that is not there, is that
   * aggregate's outcome and leaves the others going; anything else is thrown. A missing one
   * that `options.initial` starts is inserted by `change`, one by one, as is one whose decision
   * wants a unique value it does not hold yet (its claim comes before its write).
   *
   * Batches of one organization that wait for each other are combined (a group commit, as a
   * document's changes are: change-queues.ts): one read and one bulk write for all of them, each
   * aggregate's decisions made one after another in the order the batches came, each in its own
   * caller's context, with the version and events its own write would have had. Orders whose holds
   * share variants then cost inventory one write of their levels, not one per order.
   */
  run<R = undefined>(
    orgId: string,
    ids: readonly string[],
    decide: (current: S) => Decision<S, R>,
  ): Promise<Map<string, Outcome<S, R>>> {
    const unique = [...new Set(ids)];
    if (unique.length > BATCH_SIZE || this.core.unique) return this.runAlone(orgId, unique, decide);
    return new Promise((resolve, reject) =>
      this.waiting.add(orgId, {
        ids: unique,
        decide,
        outcomes: new Map(),
        resolve: resolve as Waiting<S>['resolve'],
        fail: reject,
      }),
    );
  }

  /** Combined batches of an organization, each answered (or failed by what its decide threw). */
  private async runWaiting(orgId: string, calls: Waiting<S>[]): Promise<void> {
    await this.runCombined(orgId, calls, [...new Set(calls.flatMap((c) => c.ids))]);
    for (const c of calls) {
      if (c.failed) c.fail(c.failed);
      else c.resolve(c.outcomes);
    }
  }

  /** A batch too large to combine, or of a store with unique values: its parts one after another. */
  private async runAlone<R>(
    orgId: string,
    unique: string[],
    decide: (current: S) => Decision<S, R>,
  ): Promise<Map<string, Outcome<S, R>>> {
    const outcomes = new Map<string, Outcome<S, R>>();
    for (let i = 0; i < unique.length; i += BATCH_SIZE) {
      const part = unique.slice(i, i + BATCH_SIZE);
      const oneByOne = await this.core.lockedMany(
        part.map((id) => this.core.documentId(orgId, id)),
        () => this.changeManyLocked(orgId, part, decide, outcomes),
      );
      for (const id of oneByOne) outcomes.set(id, await this.outcomeOf(() => this.core.change(orgId, id, decide)));
    }
    return outcomes;
  }

  /**
   * Batches combined under one set of locks; after it, in the batches' order, the changes that
   * go one by one (an aggregate `initial` starts), each in its own caller's context.
   */
  private async runCombined(orgId: string, calls: Waiting<S>[], ids: string[]): Promise<void> {
    const oneByOne = await this.core.lockedMany(
      ids.map((id) => this.core.documentId(orgId, id)),
      () => this.combinedLocked(orgId, calls, ids),
    );
    for (const [call, id] of oneByOne) {
      const change = () => this.core.change(orgId, id, call.decide);
      await call
        .inContext(() => this.outcomeOf(change))
        .then(
          (outcome) => call.outcomes.set(id, outcome),
          (err: unknown) => (call.failed = err),
        );
    }
  }

  /** Combined batches: each aggregate's decisions in the batches' order, one bulk write, lost ones again. */
  private async combinedLocked(orgId: string, calls: Waiting<S>[], ids: string[]) {
    const oneByOne: [Waiting<S>, string][] = [];
    const callsOf = new Map(ids.map((id) => [id, [] as Waiting<S>[]]));
    for (const call of calls) for (const id of call.ids) callsOf.get(id)!.push(call);
    let pending = ids;
    for (let attempt = 0; pending.length > 0 && attempt < (this.core.maxAttempts ?? 100); attempt++) {
      const found = await this.readMany(orgId, pending);
      const now = new Date();
      const writes: BatchWrite<S>[] = [];
      for (const id of pending) {
        const current = found.get(id);
        if (current) {
          const write = this.decideInTurn(id, this.core.documentId(orgId, id), current, callsOf.get(id)!, now);
          if (write) writes.push(write);
        } else if (this.core.initial) for (const call of callsOf.get(id)!) oneByOne.push([call, id]);
        else for (const call of callsOf.get(id)!) call.outcomes.set(id, { ok: false, error: notFound(this.core.name) });
      }
      const lost = await this.writeMany(writes, now);
      pending = lost.map((w) => w.id);
      if (pending.length > 0) await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
    for (const id of pending)
      for (const call of callsOf.get(id)!) call.outcomes.set(id, { ok: false, error: contention(this.core.name) });
    return oneByOne;
  }

  /**
   * One aggregate's decisions by the batches that name it, one after another, each on the state
   * the one before it left (stepped as its own write would have: version, instant), each in its
   * caller's context; an AppError is that batch's outcome, anything else fails that batch (a
   * fault, not a refusal: what else it decided is written, as a batch of several parts does). The
   * write of them all, or none when nothing moved.
   */
  private decideInTurn(id: string, _id: string, current: S, calls: Waiting<S>[], now: Date): BatchWrite<S> | undefined {
    let state = current;
    const events: EventEnvelope[] = [];
    const made: { call: Waiting<S>; state: S; result: unknown; events: EventEnvelope[] }[] = [];
    for (const call of calls) {
      let decided: ReturnType<typeof decideOn<S, unknown>>;
      try {
        decided = call.inContext(() => decideOn(state, call.decide));
      } catch (err) {
        if (err instanceof AppError) call.outcomes.set(id, { ok: false, error: err });
        else call.failed = err;
        continue;
      }
      const fields = changedFields(state, decided.state);
      if (Object.keys(fields).length === 0 && decided.events.length === 0) {
        call.outcomes.set(id, { ok: true, ...decided, state, changed: false });
        continue;
      }
      state = { ...state, ...fields, version: state.version + 1, updatedAt: now };
      events.push(...decided.events);
      made.push({ call, state, result: decided.result, events: decided.events });
    }
    if (made.length === 0) return undefined;
    const written = (stored: S) =>
      made.forEach((m, i) =>
        m.call.outcomes.set(id, {
          ok: true,
          state: i === made.length - 1 ? stored : m.state,
          result: m.result,
          changed: true,
          events: m.events,
        }),
      );
    return { id, _id, current, next: state, events, steps: made.length, written };
  }

  private async outcomeOf<R>(change: () => Promise<Changed<S, R>>): Promise<Outcome<S, R>> {
    try {
      return { ok: true, ...(await change()) };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, error: err };
      throw err;
    }
  }

  /** One batch under its locks; answers the ids to change one by one after (`initial` starts them, or they claim). */
  private async changeManyLocked<R>(
    orgId: string,
    ids: string[],
    decide: (current: S) => Decision<S, R>,
    outcomes: Map<string, Outcome<S, R>>,
  ): Promise<string[]> {
    const oneByOne: string[] = [];
    let pending = ids;
    for (let attempt = 0; pending.length > 0 && attempt < (this.core.maxAttempts ?? 100); attempt++) {
      const found = await this.readMany(orgId, pending);
      const writes: BatchWrite<S>[] = [];
      for (const id of pending) {
        const current = found.get(id);
        if (!current) {
          if (this.core.initial) oneByOne.push(id);
          else outcomes.set(id, { ok: false, error: notFound(this.core.name) });
          continue;
        }
        const decided = await this.outcomeOf(async () => ({ ...decideOn(current, decide), changed: false }));
        if (!decided.ok) outcomes.set(id, decided);
        else if (Object.keys(changedFields(current, decided.state)).length === 0 && decided.events.length === 0)
          outcomes.set(id, { ...decided, state: current });
        else if (this.core.unique?.wantsNew(current, decided.state)) oneByOne.push(id);
        else {
          const { result, events } = decided;
          const written = (state: S) => outcomes.set(id, { ok: true, state, result, changed: true, events });
          writes.push({
            id,
            _id: this.core.documentId(orgId, id),
            current,
            next: decided.state,
            events,
            steps: 1,
            written,
          });
        }
      }
      const lost = await this.writeMany(writes);
      await this.releaseGivenUp(orgId, writes, new Set(lost));
      pending = lost.map((w) => w.id);
      if (pending.length > 0) await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
    for (const id of pending) outcomes.set(id, { ok: false, error: contention(this.core.name) });
    return oneByOne;
  }

  /** After a bulk write, the unique values its written decisions gave up, released in one delete. */
  private async releaseGivenUp(orgId: string, writes: BatchWrite<S>[], lost: Set<BatchWrite<S>>) {
    const unique = this.core.unique;
    if (!unique) return;
    const givenUp = new Map<string, string[]>();
    for (const w of writes) {
      const keys = lost.has(w) ? [] : unique.givenUp(w.current, w.next);
      if (keys.length > 0) givenUp.set(w.id, keys);
    }
    await unique.releaseMany(orgId, givenUp);
  }

  /** The organization's aggregates among `ids`, by id: what this process remembers, the rest in one read. */
  private async readMany(orgId: string, ids: string[]): Promise<Map<string, S>> {
    const states = new Map<string, S>();
    const toRead = new Map<string, string>();
    for (const id of ids) {
      const _id = this.core.documentId(orgId, id);
      const remembered = this.core.remembered(_id);
      if (remembered?.orgId === orgId) states.set(id, remembered);
      else toRead.set(_id, id);
    }
    if (toRead.size === 0) return states;
    for (const doc of await this.core.collection.find({ _id: { $in: [...toRead.keys()] } } as never).toArray()) {
      const id = toRead.get(doc._id as unknown as string);
      if (id !== undefined && doc.orgId === orgId)
        states.set(id, this.core.toState(doc as unknown as Record<string, unknown> & { _id: string }));
    }
    return states;
  }

  /**
   * One bulk write of the batch's guarded updates, each marked with this attempt's token; when
   * fewer applied than were sent (another replica won some), the token tells which. Answers the
   * lost ones, to decide again.
   */
  private async writeMany(writes: BatchWrite<S>[], now = new Date()) {
    if (writes.length === 0) return [];
    const token = randomUUID();
    const prepared = writes.map((w) => {
      const fields = changedFields(w.current, w.next);
      const set = this.core.setOf(w.current, fields);
      const update = { $set: { ...set, version: w.current.version + w.steps, updatedAt: now, batchWrite: token } };
      const outbox = w.events.length ? this.core.prepareWrite(w._id, update, w.events) : undefined;
      const filter = { _id: w._id, version: versionGuard(w.current.version), ...outbox?.filter };
      return { w, fields, outbox, op: { updateOne: { filter, update: outbox?.update ?? update } } };
    });
    let applied: Set<string>;
    try {
      let modified = 0;
      for (let i = 0; i < prepared.length; i += BULK_WRITE_OPS) {
        const ops = prepared.slice(i, i + BULK_WRITE_OPS).map((p) => p.op);
        modified += (await this.core.collection.bulkWrite(ops as never, { ordered: false })).modifiedCount;
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
      throw this.core.translate(err);
    }
    const lost: BatchWrite<S>[] = [];
    for (const { w, fields, outbox } of prepared) {
      const won = applied.has(w._id);
      outbox?.settle(won);
      if (!won) {
        this.core.forget(w._id);
        lost.push(w);
        continue;
      }
      const state = { ...w.current, ...fields, version: w.current.version + w.steps, updatedAt: now } as S;
      await this.core.wrote(w._id, state, w.events);
      w.written(state);
    }
    return lost;
  }

  /** The documents among `_ids` that a batch write with `token` changed. */
  private async writtenBy(token: string, _ids: string[]): Promise<Set<string>> {
    const docs = await this.core.collection
      .find({ _id: { $in: _ids } } as never, { projection: { batchWrite: 1 } })
      .toArray();
    return new Set(docs.filter((d) => d.batchWrite === token).map((d) => d._id as unknown as string));
  }
}
