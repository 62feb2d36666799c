import { AppError } from '../errors';

/**
 * Keyset ("cursor") pages, as Stripe pages its lists: a page answers `next`, an opaque cursor
 * naming its last row, and the client asks for the following page with `startingAfter=<next>`.
 * The query then starts at that row's key instead of skipping `offset` rows, so every page
 * costs the same however deep: an index on (…equality fields, <time field>, _id) serves it on
 * MongoDB 7 and on our FerretDB build alike (the range on the time field bounds the index
 * read; the `_id` condition only settles rows at the same instant).
 *
 * For lists sorted on a date and then `_id`, both in one direction (`{createdAt: -1, _id: -1}`).
 */
export interface Keyset {
  at: Date;
  id: string;
}

/** The cursor of a row: base64url of `<milliseconds>:<id>`. */
export function encodeCursor({ at, id }: Keyset): string {
  return Buffer.from(`${at.getTime()}:${id}`).toString('base64url');
}

/** The row a cursor names; a cursor this kit did not make is a 400 validation_failed. */
export function decodeCursor(cursor: string, field = 'startingAfter'): Keyset {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(-?\d{1,16}):(.+)$/.exec(text);
  const at = match ? new Date(Number(match[1])) : undefined;
  if (!match || !at || Number.isNaN(at.getTime()) || encodeCursor({ at, id: match[2]! }) !== cursor) {
    throw new AppError('bad_request', 'Invalid query', 'validation_failed', [
      { field, code: 'invalid_cursor', message: 'not a cursor this list gave (use a page’s `next`)' },
    ]);
  }
  return { at, id: match[2]! };
}

/**
 * The filter of the rows after `after` in the order `{[field]: direction, _id: direction}`, to
 * spread into the list's filter (which must not have its own `$or`).
 */
export function keysetAfter(after: Keyset, direction: 1 | -1, field = 'createdAt'): Record<string, unknown> {
  const [inclusive, strict] = direction === -1 ? ['$lte', '$lt'] : ['$gte', '$gt'];
  return {
    [field]: { [inclusive]: after.at },
    $or: [{ [field]: { [strict]: after.at } }, { _id: { [strict]: after.id } }],
  };
}

/**
 * A page from `limit + 1` rows read: the first `limit`, and the cursor of the last of them when
 * the extra row shows that more follow (null otherwise).
 */
export function pageWithNext<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => Keyset,
): { rows: T[]; next: string | null } {
  if (rows.length <= limit) return { rows, next: null };
  const page = rows.slice(0, limit);
  return { rows: page, next: encodeCursor(keyOf(page[page.length - 1]!)) };
}
