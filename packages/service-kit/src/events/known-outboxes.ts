import type { EventEnvelope } from '@stockyard/contracts';
import type { Collection } from 'mongoose';
import { RecentMap } from '../recent-map';
import {
  holdsInOrder,
  NOT_PENDING,
  outboxOf,
  toEntries,
  withEvents,
  type OutboxEntry,
  type OutboxUpdate,
} from './outbox';

/**
 * What this process knows of one document's outbox, from its own writes through
 * `prepareWrite`/`prepareInsert` and its own clears. Only ever a hint: every write that
 * relies on it is conditional on the outbox holding exactly `entries`, in order (`holdsInOrder`).
 */
interface KnownOutbox {
  /** The outbox as this process last left it, in order; undefined once that is in doubt. */
  entries?: OutboxEntry[];
  /** Ids of entries this process published (or handled) that may still be on it. */
  sent: Set<string>;
}

/** A writer's update with its events, the condition to add to its filter, and what to call once it ran. */
export interface OutboxWrite<U> {
  filter: Record<string, unknown>;
  update: U;
  /** Call under the document's lock, right after the write, with whether it applied. */
  settle(applied: boolean): void;
}

/** A document whose published entries wait to be taken off, since `since`. */
export interface Fold {
  collection: Collection;
  _id: unknown;
  since: number;
}

/** Documents whose outbox this process remembers (the most recently written). */
const KNOWN_OUTBOXES = 50_000;

/**
 * The outbox relay's memory of the outboxes its process writes, by document key: what is
 * on each, which of it is already published, and which documents wait for their published
 * entries to be taken off (in the order they started waiting). With it a writer's next
 * write takes published entries off (`prepareWrite`), instead of the relay writing to
 * clear them.
 */
export class KnownOutboxes {
  private readonly outboxes = new RecentMap<string, KnownOutbox>(KNOWN_OUTBOXES);
  readonly folds = new Map<string, Fold>();

  /** See `OutboxRelay.prepareWrite`. */
  prepareWrite<U extends OutboxUpdate>(key: string, update: U, events: EventEnvelope[]): OutboxWrite<U> {
    const known = this.outboxes.get(key);
    const entries = toEntries(events);
    if (!known?.entries || known.sent.size === 0) {
      return {
        filter: {},
        update: withEvents(update, events),
        settle: (applied) => {
          // Pushed onto what this process knew (if anything): its own writes are ordered by the lock.
          if (applied && known?.entries && this.outboxes.get(key) === known)
            known.entries = [...known.entries, ...entries];
        },
      };
    }
    const before = known.entries;
    const taken = new Set(known.sent);
    const outbox = [...before.filter((entry) => !taken.has(entry.id)), ...entries];
    return {
      filter: holdsInOrder(before),
      update: { ...update, $set: { ...update.$set, outbox, outboxPending: true, outboxAt: new Date() } },
      settle: (applied) => {
        if (!applied) return this.forget(key);
        // Entries published while the write ran stay marked: the next write takes them.
        const stillSent = [...(this.outboxes.get(key)?.sent ?? [])].filter((id) => !taken.has(id));
        this.outboxes.set(key, { entries: outbox, sent: new Set(stillSent) });
        if (stillSent.length === 0) this.folds.delete(key);
      },
    };
  }

  /** See `OutboxRelay.prepareInsert`. */
  prepareInsert(
    key: string,
    events: EventEnvelope[],
  ): { fields: Record<string, unknown>; settle(applied: boolean): void } {
    // A document inserted without events starts with an empty outbox, known: its first write's
    // events are then marked as sent and taken off later, many documents at once, not pulled one by one.
    const fields = events.length ? outboxOf(events) : { outbox: [] };
    return {
      fields,
      settle: (applied) => {
        if (applied) this.outboxes.set(key, { entries: fields.outbox, sent: new Set() });
      },
    };
  }

  /**
   * After publishing what a kick named: when this process knows the outbox holds those
   * entries, marks them as sent (to be taken off later) and answers true.
   */
  markSent(key: string, events: EventEnvelope[], fold: Omit<Fold, 'since'>): boolean {
    const outbox = this.outboxes.get(key);
    const entries = outbox?.entries;
    if (!outbox || !entries || !events.every((event) => entries.some((entry) => entry.id === event.id))) return false;
    for (const event of events) outbox.sent.add(event.id);
    if (!this.folds.has(key)) this.folds.set(key, { ...fold, since: Date.now() });
    return true;
  }

  /** Ids this process published that may still be on the document: never to be sent again. */
  sentOn(key: string): ReadonlySet<string> {
    return this.outboxes.get(key)?.sent ?? new Set();
  }

  /**
   * The write that takes this process's published entries off a document, applying only
   * while the outbox holds exactly what it knows, or undefined when nothing known is to be
   * taken off. `done` answers whether the document is left with no entries.
   */
  clearing(
    key: string,
  ): { filter: Record<string, unknown>; update: Record<string, unknown>; done(applied: boolean): boolean } | undefined {
    const outbox = this.outboxes.get(key);
    const entries = outbox?.entries;
    if (!outbox || !entries || outbox.sent.size === 0) return undefined;
    const sent = entries.filter((entry) => outbox.sent.has(entry.id));
    const left = entries.filter((entry) => !outbox.sent.has(entry.id));
    return {
      filter: holdsInOrder(entries),
      update: left.length ? { $pullAll: { outbox: sent } } : { $pullAll: { outbox: sent }, $unset: NOT_PENDING },
      done: (applied) => {
        if (!applied) {
          this.forget(key);
          return false;
        }
        this.outboxes.set(key, { entries: left, sent: new Set() });
        return left.length === 0;
      },
    };
  }

  /**
   * The condition of a write that empties a document's outbox, when every entry this process
   * knows on it is published (a clear of many documents sets each one's outbox empty), or
   * undefined. `done` once the write applied.
   */
  emptying(key: string): { condition: Record<string, unknown>; done(): void } | undefined {
    const outbox = this.outboxes.get(key);
    const entries = outbox?.entries;
    if (!outbox || !entries?.length || !entries.every((entry) => outbox.sent.has(entry.id))) return undefined;
    return { condition: holdsInOrder(entries), done: () => this.learned(key, true) };
  }

  /** After a clearing write: the outbox is known to be empty if it applied, else in doubt. */
  learned(key: string, emptied: boolean): boolean {
    if (emptied) this.outboxes.set(key, { entries: [], sent: new Set() });
    else this.forget(key);
    return emptied;
  }

  /** The outbox is not known any more; what this process sent stays known, so it is not sent again. */
  forget(key: string): void {
    const outbox = this.outboxes.get(key);
    if (outbox) outbox.entries = undefined;
  }
}
