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
import type { UniqueValues } from './unique-values';

/** Documents a batched change reads in one round trip and decides on under one set of locks. */
const BATCH_SIZE = 500;
/**
 * Updates per bulk write: our FerretDB build never answers a bulk write of 100 updates or more
 * (99 take 70 ms; infra/ferretdb/README.md), so a batch's writes go in parts of this many.
 */
const BULK_WRITE_OPS = 50;

/** A decision on one of a batch's aggregates, to be written. */
interface BatchWrite<S, R> {
  id: string;
  _id: string;
  current: S;
  next: S;
  events: EventEnvelope[];
  result: R;
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
  constructor(private readonly core: StoreCore<S>) {}

  /**
   * Changes many of the organization's aggregates by one pure `decide` each: one read of the
   * documents (or what this process remembers), one bulk write of version-guarded updates with
   * their outbox entries, per BATCH_SIZE; the ones another replica changed meanwhile are read and
   * decided again. A decision that throws an AppError, or an id that is not there, is that
   * aggregate's outcome and leaves the others going; anything else is thrown. A missing one
   * that `options.initial` starts is inserted by `change`, one by one, as is one whose decision
   * wants a unique value it does not hold yet (its claim comes before its write).
   */
  async run<R = undefined>(
    orgId: string,
    ids: readonly string[],
    decide: (current: S) => Decision<S, R>,
  ): Promise<Map<string, Outcome<S, R>>> {
    const outcomes = new Map<string, Outcome<S, R>>();
    const unique = [...new Set(ids)];
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
      const writes: BatchWrite<S, R>[] = [];
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
        else writes.push({ id, _id: this.core.documentId(orgId, id), current, next: decided.state, ...decided });
      }
      const lost = await this.writeMany(writes, outcomes);
      await this.releaseGivenUp(orgId, writes, new Set(lost));
      pending = lost.map((w) => w.id);
      if (pending.length > 0) await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
    for (const id of pending) outcomes.set(id, { ok: false, error: contention(this.core.name) });
    return oneByOne;
  }

  /** After a bulk write, the unique values its written decisions gave up, released in one delete. */
  private async releaseGivenUp<R>(orgId: string, writes: BatchWrite<S, R>[], lost: Set<BatchWrite<S, R>>) {
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
  private async writeMany<R>(writes: BatchWrite<S, R>[], outcomes: Map<string, Outcome<S, R>>) {
    if (writes.length === 0) return [];
    const now = new Date();
    const token = randomUUID();
    const prepared = writes.map((w) => {
      const fields = changedFields(w.current, w.next);
      const set = this.core.setOf(w.current, fields);
      const update = { $set: { ...set, version: w.current.version + 1, updatedAt: now, batchWrite: token } };
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
    const lost: BatchWrite<S, R>[] = [];
    for (const { w, fields, outbox } of prepared) {
      const won = applied.has(w._id);
      outbox?.settle(won);
      if (!won) {
        this.core.forget(w._id);
        lost.push(w);
        continue;
      }
      const state = { ...w.current, ...fields, version: w.current.version + 1, updatedAt: now } as S;
      await this.core.wrote(w._id, state, w.events);
      outcomes.set(w.id, { ok: true, state, result: w.result, changed: true, events: w.events });
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
