import type { EventEnvelope } from '@stockyard/contracts';
import type { Collection } from 'mongoose';
import { replaceAll } from '../db/replace-all';
import type { Aggregate } from './decision';
import type { Projection } from './projection';
import { stateOf } from './read-page';
import { WrittenStates } from './written-states';

/** Written states kept for their rows: a row is written right after its aggregate's write, from the state it made. */
const WRITTEN = 2_000;

interface ListRowsOptions<S> {
  /** The local event its updates ride on (never published). */
  event: string;
  /** The payload field naming the aggregate (`orderId`). */
  refField: string;
  /**
   * A state's row: the flat fields its lists filter, sort and search on, and what a list answers,
   * packed (`packView`). The kit adds `_id`, `orgId` and `version`.
   */
  rowOf: (state: S) => Record<string, unknown>;
  /** A stored aggregate as its state (default: the kit's `stateOf`), for a row whose written state is gone. */
  stateOf?: (doc: Record<string, unknown>) => S;
}

/** Whether a write changed a field (by reference, as the store compares them). */
const differs = <S extends object>(current: S, next: S) =>
  (Object.keys(next) as (keyof S)[]).some((k) => k !== 'version' && next[k] !== current[k]);

/**
 * A list's rows, a projection of an aggregate's store: one flat document per aggregate with the
 * fields its lists filter, sort and search on, and the list's answer packed as one string. Our
 * store decodes every nested object of a document it reads (an order of 10 lines is ~15 of them,
 * a purchase order of 100 lines ~400): a page of 50 flat rows reads in a fraction of the time.
 *
 * Each row is written from the state its write made (the store hands it over: `wrote`), and from
 * the stored aggregate when the relay replays the update after a crash, each only over an older
 * version; `rebuild` writes the rows of stored aggregates a page at a time (a start-up backfill).
 */
export class ListRows<S extends Aggregate & { id: string }> implements Projection<S> {
  readonly event: string;
  private readonly written = new WrittenStates<S>(WRITTEN);
  private readonly asState: (doc: Record<string, unknown>) => S;

  constructor(
    /** The rows' collection (its model declares one index per list shape). */
    readonly rows: Collection,
    /** The aggregates' collection. */
    private readonly source: Collection,
    private readonly options: ListRowsOptions<S>,
  ) {
    this.event = options.event;
    this.asState = options.stateOf ?? stateOf;
  }

  /** Every write that changes a field moves the row (`version` is the one the write makes). */
  updatesFor(before: S | null, after: S, version: number): Record<string, unknown>[] {
    return before && !differs(before, after) ? [] : [{ [this.options.refField]: after.id, version }];
  }

  /** The state a write made, for its row (the store calls it after each write). */
  wrote(state: S): void {
    this.written.wrote(state);
  }

  /** The rows of the aggregates updated, from their written states or else the stored ones, in bulk writes. */
  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    const wanted = new Map<string, { orgId: string; version: number }>();
    for (const { orgId, payload } of updates) {
      const version = Number(payload.version);
      const id = String(payload[this.options.refField]);
      if ((wanted.get(id)?.version ?? 0) < version) wanted.set(id, { orgId, version });
    }
    const states: S[] = [];
    for (const [id, { orgId, version }] of wanted) {
      const state = this.written.atLeast(orgId, id, version);
      if (state) states.push(state);
    }
    const have = new Set(states.map((s) => s.id));
    const missing = [...wanted.keys()].filter((id) => !have.has(id));
    if (missing.length > 0) {
      const docs = await this.source.find({ _id: { $in: missing } } as never, { projection: { outbox: 0 } }).toArray();
      for (const doc of docs) {
        if (doc.orgId === wanted.get(String(doc._id))?.orgId) states.push(this.asState(doc));
      }
    }
    await this.write(states);
  }

  /**
   * The rows of the stored aggregates after `after` by `_id`, at most `limit` of them, each only
   * over an older row; `next` is the page's last id, null past the last page.
   */
  async rebuild(after: string, limit: number): Promise<{ written: number; next: string | null }> {
    const docs = await this.source
      .find({ _id: { $gt: after } } as never, { projection: { outbox: 0 } })
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    await this.write(docs.map((doc) => this.asState(doc)));
    return { written: docs.length, next: docs.length === limit ? String(docs[docs.length - 1]!._id) : null };
  }

  private write(states: readonly S[]): Promise<void> {
    return replaceAll(
      this.rows,
      states.map((state) => ({
        filter: { _id: state.id, version: { $lt: state.version } },
        doc: { ...this.options.rowOf(state), _id: state.id, orgId: state.orgId, version: state.version },
      })),
    );
  }
}
