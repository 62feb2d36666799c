import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError } from '../db/mongo';

/**
 * A prefix index of search terms beside an aggregate's collection: one row per term of a
 * record (`{orgId, term, ref, version}`), so "a term starting with …" is a range of the
 * `(orgId, term, ref)` index on MongoDB and in our FerretDB build alike, where a regular
 * expression over the aggregate's documents reads every one of them. Exact terms work the
 * same way (the values of an array field: a point of that index, where our FerretDB build
 * reads every record holding an array for a condition on the field). The rows are a
 * projection: a service keeps them from the aggregate's own outbox (a local handler of its
 * relay, so a crash replays the update) and answers a search by the refs found here, then
 * its aggregates by id with the exact condition checked again.
 */
export interface SearchTermRow {
  _id: string;
  orgId: string;
  ref: string;
  term: string;
  /** The version of the record the row was last confirmed for. */
  version: number;
}

/** A record's terms as of its version (`SearchIndex.replaceMany`). */
interface TermsUpdate {
  orgId: string;
  ref: string;
  version: number;
  terms: readonly string[];
}

/** Updates per bulk write (our FerretDB build never answers one of 100 or more: batch-change.ts). */
const BULK_WRITE_OPS = 50;

export interface SearchHits {
  refs: string[];
  /** False when more records matched than asked for: search some other way. */
  complete: boolean;
}

/** Terms found by their prefix (`SearchIndex.termsStartingWith`). */
interface TermsFound {
  terms: ReadonlySet<string>;
  /** False when more rows held one than asked for: the terms not among these are unknown. */
  complete: boolean;
}

/** Longest term kept; a longer search text is looked up by this much of it. */
export const MAX_TERM_LENGTH = 64;

/** A word starts at the text's start or after one of these (the same set in terms and in the exact check). */
const SEPARATORS = `\\s\\-_/.,;:()\\[\\]'"+&|#*!?`;
const SEPARATOR = new RegExp(`[${SEPARATORS}]`);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const LEADING_SEPARATORS = new RegExp(`^[${SEPARATORS}]+`);

/** A search text as it is looked for: trimmed of spaces and leading separators (a term never starts with one). */
export const searchText = (text: string) => text.replace(LEADING_SEPARATORS, '').trim();

/** A search text as terms are compared: `searchText`, lower case, at most MAX_TERM_LENGTH ('' finds nothing). */
export const searchKey = (text: string) => searchText(text).toLowerCase().slice(0, MAX_TERM_LENGTH);

/**
 * The terms of a text searched "at a word start": each suffix that begins a word, lower case
 * ("Blue Shirt-XL" gives "blue shirt-xl", "shirt-xl", "xl"), so a search for "shirt", "shirt-x"
 * or "blue sh" finds it by prefix, and "hirt" does not.
 */
export function wordStarts(text: string): string[] {
  const lower = text.toLowerCase();
  const terms = new Set<string>();
  for (let i = 0; i < lower.length; i++) {
    if (SEPARATOR.test(lower[i]!)) continue;
    if (i === 0 || SEPARATOR.test(lower[i - 1]!)) terms.add(lower.slice(i, i + MAX_TERM_LENGTH));
  }
  return [...terms];
}

/** The exact check of a word-start search, for a query: `searchText` at the start or after a separator, any case. */
export const wordStartPattern = (text: string) =>
  new RegExp(`(^|[${SEPARATORS}])${escapeRegExp(searchText(text))}`, 'i');

const termSchema = new Schema<SearchTermRow>(
  { _id: String, orgId: String, ref: String, term: String, version: Number },
  { versionKey: false },
);
// A term's rows in ref order too: a page of the records holding an exact term (`refsPage`).
termSchema.index({ orgId: 1, term: 1, ref: 1 });
termSchema.index({ orgId: 1, ref: 1 });

export class SearchIndex {
  readonly model: Model<SearchTermRow>;

  constructor(connection: Connection, collection: string) {
    this.model =
      (connection.models[collection] as Model<SearchTermRow> | undefined) ??
      connection.model<SearchTermRow>(collection, termSchema, collection);
  }

  /**
   * The record's terms become these, as of its `version`. Idempotent, and safe when an older
   * update is replayed after a newer one: rows are dropped only when older than `version`, and
   * kept rows are marked with it. A stale replay may leave a term too many (a search then
   * finds the record and its exact check drops it), never one too few.
   */
  async replace(orgId: string, ref: string, version: number, terms: readonly string[]): Promise<void> {
    await this.replaceMany([{ orgId, ref, version, terms }]);
  }

  /**
   * Many records' terms replaced at once, each as `replace` does: one read per record that had
   * rows before (a first version has none), then one delete, the version marks in bulk writes and
   * one insert for all of them. A record named twice keeps its newest update.
   */
  async replaceMany(updates: readonly TermsUpdate[]): Promise<void> {
    const newest = new Map<string, TermsUpdate>();
    for (const u of updates) {
      const key = `${u.orgId}\u0000${u.ref}`;
      if ((newest.get(key)?.version ?? 0) < u.version) newest.set(key, u);
    }
    const plans = await Promise.all(
      [...newest.values()].map(async (u) => {
        const rows =
          u.version === 1 ? [] : await this.model.find({ orgId: u.orgId, ref: u.ref }, { term: 1, version: 1 }).lean();
        return { u, rows, wanted: new Set(u.terms.map((t) => t.slice(0, MAX_TERM_LENGTH))) };
      }),
    );
    const stale = plans.flatMap(({ u, rows, wanted }) =>
      rows.filter((r) => !wanted.has(r.term) && r.version < u.version).map((r) => r._id),
    );
    const marks = plans.flatMap(({ u, rows, wanted }) => {
      const kept = rows.filter((r) => wanted.has(r.term) && r.version < u.version).map((r) => r._id);
      return kept.length
        ? [
            {
              updateMany: {
                filter: { orgId: u.orgId, ref: u.ref, _id: { $in: kept } },
                update: { $max: { version: u.version } },
              },
            },
          ]
        : [];
    });
    const added = plans.flatMap(({ u, rows, wanted }) => {
      const have = new Set(rows.map((r) => r.term));
      return termRows(
        u.orgId,
        u.ref,
        u.version,
        [...wanted].filter((term) => !have.has(term)),
      );
    });
    if (stale.length) await this.model.deleteMany({ _id: { $in: stale } });
    for (let i = 0; i < marks.length; i += BULK_WRITE_OPS)
      await this.model.collection.bulkWrite(marks.slice(i, i + BULK_WRITE_OPS) as never[], { ordered: false });
    if (added.length) {
      try {
        await this.model.collection.insertMany(added as never[], { ordered: false });
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err; // a replay racing this one wrote the same row
      }
    }
  }

  /** Refs of the organization's records with a term starting with `prefix`, at most `cap`. */
  async refsStartingWith(orgId: string, prefix: string, cap: number): Promise<SearchHits> {
    const from = prefix.slice(0, MAX_TERM_LENGTH);
    const rowCap = cap * 4; // a record may hold several terms with the prefix
    const rows = await this.model
      .find({ orgId, term: { $gte: from, $lt: after(from) } }, { ref: 1 })
      .sort({ term: 1 })
      .limit(rowCap + 1)
      .lean();
    const refs = [...new Set(rows.map((r) => r.ref))];
    return { refs: refs.slice(0, cap), complete: rows.length <= rowCap && refs.length <= cap };
  }

  /**
   * The distinct terms starting with `prefix` among the organization's rows, from one range of the
   * `(orgId, term, ref)` index; `complete` is false when more than `cap` rows matched (the terms
   * answered are then some of them).
   */
  async termsStartingWith(orgId: string, prefix: string, cap: number): Promise<TermsFound> {
    const from = prefix.slice(0, MAX_TERM_LENGTH);
    const rows = await this.model
      .find({ orgId, term: { $gte: from, $lt: after(from) } }, { term: 1 })
      .sort({ term: 1 })
      .limit(cap + 1)
      .lean();
    return { terms: new Set(rows.slice(0, cap).map((r) => r.term)), complete: rows.length <= cap };
  }

  /**
   * Refs of the organization's records holding any of these terms exactly, at most `cap` (all
   * when not given). One `{orgId, term}` equality per term, each a range of the `(orgId, term, ref)`
   * index: our FerretDB build bounds no index range by an `$in`, which would read every row of
   * the organization.
   */
  async refsWithTerms(orgId: string, terms: readonly string[], cap = Infinity): Promise<SearchHits> {
    const wanted = [...new Set(terms.map((t) => t.slice(0, MAX_TERM_LENGTH)))];
    const found = await Promise.all(
      wanted.map((term) => {
        const query = this.model.find({ orgId, term }, { ref: 1 });
        return (Number.isFinite(cap) ? query.limit(cap + 1) : query).lean();
      }),
    );
    const refs = [...new Set(found.flat().map((r) => r.ref))];
    return { refs: refs.slice(0, cap), complete: refs.length <= cap };
  }

  /**
   * A page of the refs holding one term exactly, in ref order, and how many hold it: a range of
   * the `(orgId, term, ref)` index, which our FerretDB build skips and counts by its entries (a
   * deep page or a total costs no document reads).
   */
  async refsPage(orgId: string, term: string, skip: number, limit: number): Promise<TermPage> {
    const filter = { orgId, term: term.slice(0, MAX_TERM_LENGTH) };
    const [rows, total] = await Promise.all([
      limit === 0 ? [] : this.model.find(filter, { ref: 1 }).sort({ ref: 1 }).skip(skip).limit(limit).lean(),
      this.model.countDocuments(filter),
    ]);
    return { refs: rows.map((r) => r.ref), total };
  }
}

export interface TermPage {
  refs: string[];
  /** How many records hold the term. */
  total: number;
}

/** The first string after every string starting with `prefix` (its last character plus one). */
const after = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/** The rows of a record's terms (`replace` writes them; a bulk load may insert them itself). */
export const termRows = (orgId: string, ref: string, version: number, terms: readonly string[]): SearchTermRow[] =>
  [...new Set(terms.map((t) => t.slice(0, MAX_TERM_LENGTH)))].map((term) => ({
    _id: `${orgId}\u0000${ref}\u0000${term}`,
    orgId,
    ref,
    term,
    version,
  }));
