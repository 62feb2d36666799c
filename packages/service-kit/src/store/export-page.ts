import type { ExportRows } from '@stockyard/contracts';
import type { mongo } from 'mongoose';
import { decodeCursor, encodeCursor, keysetAfter } from '../db/keyset';

/**
 * One page of an export read from a collection: the organization's documents matching `filter`,
 * oldest first by `(field, _id)` after the cursor, each made a row by `toRow`. The list indexes
 * every service keeps (orgId, …, createdAt, _id) serve it, so the last page of a million rows
 * costs what the first does.
 */
export async function exportPage<D extends mongo.Document>(
  collection: mongo.Collection<D>,
  filter: mongo.Filter<D>,
  after: string | null,
  limit: number,
  toRow: (doc: D) => Record<string, unknown>,
  field = 'createdAt',
): Promise<ExportRows> {
  // The cursor's own $or beside the filter's: an $and keeps both.
  const query = after ? { $and: [filter, keysetAfter(decodeCursor(after, 'after'), 1, field)] } : filter;
  const docs = (await collection
    .find(query as mongo.Filter<D>)
    .sort({ [field]: 1, _id: 1 })
    .limit(limit + 1)
    .toArray()) as D[];
  const page = docs.slice(0, limit);
  const last = page[page.length - 1];
  const next = docs.length > limit && last ? encodeCursor({ at: last[field] as Date, id: String(last._id) }) : null;
  return { rows: page.map(toRow), next };
}
