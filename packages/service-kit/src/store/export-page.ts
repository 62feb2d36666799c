import type { mongo } from 'mongoose';
import { decodeCursor, encodeCursor, keysetAfter, type Keyset } from '../db/keyset';

interface ExportPageOptions {
  /** The time field of the order `(field, _id)` (default `createdAt`): a list index's. */
  field?: string;
  /** What to read of each document (default: all but the outbox entries waiting to leave). */
  projection?: Record<string, 0 | 1>;
}

/**
 * One page of an export read from a collection: the organization's documents matching `filter`,
 * oldest first by `(field, _id)` after the cursor, each made a row by `toRow`. The list indexes
 * every service keeps (orgId, …, createdAt, _id) serve it, so the last page of a million rows
 * costs what the first does.
 */
export async function exportPage<D extends mongo.Document, T>(
  collection: mongo.Collection<D>,
  filter: mongo.Filter<D>,
  after: string | null,
  limit: number,
  toRow: (doc: D) => T,
  { field = 'createdAt', projection = { outbox: 0 } }: ExportPageOptions = {},
): Promise<{ rows: T[]; next: string | null }> {
  const query = after ? fromCursor(filter, decodeCursor(after, 'after'), field) : filter;
  const docs = (await collection
    .find(query as mongo.Filter<D>, { projection })
    .sort({ [field]: 1, _id: 1 })
    .limit(limit + 1)
    .toArray()) as D[];
  const page = docs.slice(0, limit);
  const last = page[page.length - 1];
  const next = docs.length > limit && last ? encodeCursor({ at: last[field] as Date, id: String(last._id) }) : null;
  return { rows: page.map(toRow), next };
}

/**
 * The filter and the cursor's condition in one flat document, as the lists' cursor pages are: the
 * store plans an index range only from top-level conditions (an `{$and: [filter, cursor]}` is a
 * scan on our FerretDB build; test/list-plans). Two `$or`s go under one `$and`; a range of the
 * filter's own on the time field is narrowed to start at the cursor.
 */
export function fromCursor(filter: Record<string, unknown>, cursor: Keyset, field: string): Record<string, unknown> {
  const { $or: cursorOr, [field]: cursorFrom } = keysetAfter(cursor, 1, field);
  const { $or: filterOr, [field]: filterOn, ...rest } = filter;
  const query: Record<string, unknown> = { ...rest, [field]: onField(filterOn, cursorFrom as { $gte: Date }) };
  if (filterOr) query.$and = [...((rest.$and as unknown[] | undefined) ?? []), { $or: filterOr }, { $or: cursorOr }];
  else query.$or = cursorOr;
  return query;
}

/** The time field's condition: the filter's range from the cursor on, or the filter's exact value. */
function onField(filterOn: unknown, cursorFrom: { $gte: Date }): unknown {
  if (filterOn === undefined) return cursorFrom;
  const isRange = typeof filterOn === 'object' && filterOn !== null && !(filterOn instanceof Date);
  if (!isRange) return filterOn; // an exact time: the cursor's $or settles the rest
  const range = { ...(filterOn as Record<string, unknown>) };
  const from = range.$gte ?? range.$gt;
  if (from instanceof Date && from > cursorFrom.$gte) return range; // the filter starts later
  delete range.$gt;
  return { ...range, $gte: cursorFrom.$gte };
}
