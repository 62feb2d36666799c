import type { List, Page } from '@stockyard/contracts';
import type { Model } from 'mongoose';
import { decodeCursor, keysetAfter, pageWithNext } from '../db/keyset';
import { AppError } from '../errors';
import { readAmong } from './read-among';

/** A filter of one organization's documents: every list and count of a service starts with it. */
export type OrgFilter = { orgId: string } & Record<string, unknown>;

/** Document fields a state never holds: the id is `_id`, the outbox is the relay's, `batchWrite` the store's. */
const BOOKKEEPING = new Set(['_id', 'outbox', 'outboxPending', 'outboxAt', '__v', 'batchWrite']);

/** A stored document's own fields, without the bookkeeping. */
export function fieldsOf(doc: object): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!BOOKKEEPING.has(key)) fields[key] = value;
  return fields;
}

/** A lean document as the state it stores: its fields, `_id` as `id`. */
export const stateOf = <S>(doc: object): S => ({ ...fieldsOf(doc), id: (doc as { _id: unknown })._id }) as S;

export interface PageRead {
  filter: OrgFilter;
  /** The list's order; its index is `{...filter's equalities, ...sort}` (test/list-plans checks it). */
  sort: Record<string, 1 | -1>;
  page: Page;
  /** Cursor pages: the client's `startingAfter`, a page's `next` (db/keyset.ts); not with an offset. */
  startingAfter?: string;
  /** The date field of a cursor order (default `createdAt`). */
  cursorField?: string;
  /** Fields to leave out of each document read (`{ outbox: 0 }`). */
  projection?: Record<string, 0>;
  /** Whether to count the matches (default: yes, but not on a cursor page, where it costs as much as the page). */
  withTotal?: boolean;
  /**
   * The ids the records are among, when a term index bounded them (its candidates): the page and
   * its total come from one read of the matching candidates' sort keys (read-among.ts), not from a
   * page read and a count that each decode every candidate.
   */
  among?: readonly string[];
}

/** One page of a list as the API answers it, with `next` when the order pages by cursor. */
export interface StatePage<S> extends Omit<List<S>, 'total'> {
  total?: number;
  next?: string | null;
}

/**
 * The one way a service reads a page of a list (issue #23: paging was written by hand 22
 * times): the organization's filter, the sort, offset or cursor paging, the total, and each
 * document as its state.
 */
export async function readPage<S>(
  model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any list's model
  read: PageRead,
  as: (doc: Record<string, unknown>) => S = stateOf,
): Promise<StatePage<S>> {
  const { filter, sort, page, startingAfter } = read;
  if (startingAfter !== undefined && page.offset > 0) {
    throw new AppError('bad_request', 'Invalid query', 'validation_failed', [
      { field: 'startingAfter', code: 'conflict', message: 'give either offset or startingAfter, not both' },
    ]);
  }
  const after = startingAfter === undefined ? undefined : decodeCursor(startingAfter);
  const field = read.cursorField ?? 'createdAt';
  const cursorOrder = Object.keys(sort)[0] === field && sort._id !== undefined;
  const direction = sort[field] ?? -1;
  const take = cursorOrder ? page.limit + 1 : page.limit; // one more tells whether a next page exists
  const counted = read.withTotal ?? !after;
  const [docs, total] = read.among
    ? await readAmong(model, {
        ...read,
        among: read.among,
        offset: page.offset,
        take,
        after: after && { key: after, field, direction },
      }).then(({ docs, matched }) => [docs, counted ? matched : undefined] as const)
    : await Promise.all([
        model
          .find(after ? { ...filter, ...keysetAfter(after, direction, field) } : filter, read.projection)
          .sort(sort)
          .skip(page.offset)
          .limit(take)
          .lean<Record<string, unknown>[]>(),
        counted ? model.countDocuments(filter) : undefined,
      ]);
  const base = { total, limit: page.limit, offset: page.offset };
  if (!cursorOrder) return { data: docs.map(as), ...base };
  const { rows: kept, next } = pageWithNext(docs, page.limit, (d) => ({ at: d[field] as Date, id: String(d._id) }));
  return { data: kept.map(as), ...base, next };
}

/** A page with its total as the brief's list envelope (`data`, `total`, `limit`, `offset`): an offset list's answer. */
export async function readList<S>(
  model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any list's model
  read: Omit<PageRead, 'withTotal' | 'startingAfter'>,
  as?: (doc: Record<string, unknown>) => S,
): Promise<List<S>> {
  const { data, total, limit, offset } = await readPage(model, { ...read, withTotal: true }, as);
  return { data, total: total!, limit, offset };
}

/** What `countOwned` needs of a model: any service's mongoose model has it. */
interface CountsDocuments {
  countDocuments(filter: OrgFilter): Promise<number>;
}

/** How many of the organization's documents match (a count, never a list's page: readPage counts those). */
export function countOwned(model: CountsDocuments, filter: OrgFilter): Promise<number> {
  return model.countDocuments(filter);
}
