import type { Model } from 'mongoose';
import type { Keyset } from '../db/keyset';

/** A lean row: the sort fields and `_id` of a candidate (the first read), or a whole document. */
type Row = Record<string, unknown>;

/** MongoDB's order of the types a sort field holds here: null (and missing), numbers, strings, dates. */
const rankOf = (v: unknown) => (v == null ? 0 : typeof v === 'number' ? 1 : typeof v === 'string' ? 2 : 3);

function compareValues(a: unknown, b: unknown): number {
  const [ra, rb] = [rankOf(a), rankOf(b)];
  if (ra !== rb) return ra - rb;
  if (ra === 0) return 0;
  const [x, y] =
    ra === 3 ? [(a as Date).getTime(), (b as Date).getTime()] : [a as number | string, b as number | string];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The comparator of a list's sort (`{createdAt: -1, _id: -1}`), as the store orders the rows. */
const bySort =
  (sort: Record<string, 1 | -1>) =>
  (a: Row, b: Row): number => {
    for (const [field, direction] of Object.entries(sort)) {
      const c = compareValues(a[field], b[field]);
      if (c !== 0) return c * direction;
    }
    return 0;
  };

/** Whether a row comes after a cursor's row in the order `{[field]: direction, _id: direction}`. */
const isAfter = (row: Row, after: Keyset, field: string, direction: 1 | -1) => {
  const c = compareValues(row[field], after.at) || compareValues(String(row._id), after.id);
  return c * direction > 0;
};

interface AmongRead {
  filter: Record<string, unknown>;
  sort: Record<string, 1 | -1>;
  /** The ids the list's records are among: a term index's candidates, a bounded superset. */
  among: readonly string[];
  offset: number;
  /** Rows wanted from the offset (a cursor page asks one more). */
  take: number;
  after?: { key: Keyset; field: string; direction: 1 | -1 };
  projection?: Record<string, 0>;
}

/**
 * A list's page when a term index has bounded its records to a few candidates: the candidates
 * that match, read once with only their sort keys, ordered and paged here, then the page's
 * documents by `_id` (the filter checked again). The store decodes every candidate it checks
 * (about 90 µs each on our FerretDB build, whatever the projection), and a page with its total
 * read them twice, once for the page and once for the count. Answers the page's documents in
 * order and how many records match. bench/README.md (session 26) has the figures.
 */
export async function readAmong(
  model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any list's model
  read: AmongRead,
): Promise<{ docs: Row[]; matched: number }> {
  if (read.among.length === 0) return { docs: [], matched: 0 };
  const filter = { ...read.filter, _id: { $in: [...read.among] } };
  const keys = Object.fromEntries(Object.keys(read.sort).map((field) => [field, 1]));
  const rows = await model.find(filter, keys).lean<Row[]>();
  rows.sort(bySort(read.sort));
  const { after } = read;
  const from = after ? rows.filter((r) => isAfter(r, after.key, after.field, after.direction)) : rows;
  const ids = from.slice(read.offset, read.offset + read.take).map((r) => r._id);
  if (ids.length === 0) return { docs: [], matched: rows.length };
  const docs = await model.find({ ...read.filter, _id: { $in: ids } }, read.projection).lean<Row[]>();
  const byId = new Map(docs.map((d) => [String(d._id), d]));
  return { docs: ids.flatMap((id) => byId.get(String(id)) ?? []) as Row[], matched: rows.length };
}
