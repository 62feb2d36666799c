import type { EventEnvelope } from '@stockyard/contracts';
import type { Connection, Model } from 'mongoose';
import type { Aggregate } from './decision';
import type { Projection } from './projection';
import { searchKey, SearchIndex, type SearchHits, type SearchTermRow, type TermPage } from './search-index';
import { TermPresence } from './term-presence';

export interface TermIndexOptions<S> {
  /** The rows' collection (`invoice_terms`). */
  collection: string;
  /** The local event its updates ride on (`invoice.search_terms_changed`). */
  event: string;
  /** The payload field naming the record (`invoiceId`); `ref` by default. */
  refField?: string;
  /** A record's terms: word starts of its searchable texts, exact terms of its lists. */
  termsOf: (state: S) => string[];
  /** The record's id in the index; its `id` by default. */
  refOf?: (state: S) => string;
  /** Candidates past this many: a search answers undefined, for the list to check records itself (1,000). */
  maxCandidates?: number;
}

const sameTerms = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * An aggregate's search terms (the kit's `SearchIndex`) as a projection of its store: every write
 * whose terms moved carries `{<refField>, version, terms}` in a local event, applied in one batch
 * per write (per batched change of many). Lists ask it for candidates, then read the records by
 * id with the exact condition.
 */
export class TermIndex<S extends Aggregate & { id?: string }> implements Projection<S> {
  readonly event: string;
  private readonly index: SearchIndex;
  private readonly refField: string;
  private readonly maxCandidates: number;

  constructor(
    connection: Connection,
    private readonly options: TermIndexOptions<S>,
  ) {
    this.event = options.event;
    this.index = new SearchIndex(connection, options.collection);
    this.refField = options.refField ?? 'ref';
    this.maxCandidates = options.maxCandidates ?? 1_000;
  }

  get model(): Model<SearchTermRow> {
    return this.index.model;
  }

  termsOf(state: S): string[] {
    return this.options.termsOf(state);
  }

  private refOf(state: S): string {
    return this.options.refOf ? this.options.refOf(state) : state.id!;
  }

  /** None when the terms stay, or for a new record without any (it has no rows to write). */
  updatesFor(before: S | null, after: S, version: number): Record<string, unknown>[] {
    const terms = this.termsOf(after).sort();
    if (before ? sameTerms(this.termsOf(before).sort(), terms) : terms.length === 0) return [];
    return [{ [this.refField]: this.refOf(after), version, terms }];
  }

  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    await this.index.replaceMany(
      updates.map(({ orgId, payload }) => {
        const { version, terms } = payload as { version: number; terms: string[] };
        return { orgId, ref: String(payload[this.refField]), version, terms };
      }),
    );
  }

  /** Sets a stored record's rows from the record itself (a rebuild of an index older than its records). */
  reindex(state: S): Promise<void> {
    return this.index.replace(state.orgId, this.refOf(state), state.version, this.termsOf(state));
  }

  /** Ids of the records a search may match (a superset), or undefined when more than `maxCandidates` do. */
  async searchCandidates(orgId: string, search: string): Promise<string[] | undefined> {
    const key = searchKey(search);
    if (key === '') return [];
    const hits = await this.index.refsStartingWith(orgId, key, this.maxCandidates);
    return hits.complete ? hits.refs : undefined;
  }

  /** Records holding any of these exact terms, at most `cap` (every one when not given). */
  holding(orgId: string, terms: readonly string[], cap?: number): Promise<SearchHits> {
    return this.index.refsWithTerms(orgId, terms, cap);
  }

  /**
   * Whether any record holds an exact term of a family (`#asm:`), for a check on every event of a
   * queue: asks of a few milliseconds share one read of the family (term-presence.ts).
   */
  presenceOf(family: string): TermPresence {
    return new TermPresence(this.index, family);
  }

  /** A page of the records holding one exact term, in ref order, with how many hold it. */
  page(orgId: string, term: string, skip: number, limit: number): Promise<TermPage> {
    return this.index.refsPage(orgId, term, skip, limit);
  }

  /** Records with a term starting with `prefix`, at most `cap`. */
  startingWith(orgId: string, prefix: string, cap: number): Promise<SearchHits> {
    return this.index.refsStartingWith(orgId, prefix, cap);
  }
}
