import type { mongo } from 'mongoose';
import { decodeCursor, encodeCursor, keysetAfter } from '../db/keyset';

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
  // The cursor's own $or beside the filter's: an $and keeps both.
  const query = after ? { $and: [filter, keysetAfter(decodeCursor(after, 'after'), 1, field)] } : filter;
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
