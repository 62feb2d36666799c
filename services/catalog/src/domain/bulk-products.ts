import { DELETE_ALL_PRODUCTS, type BulkDelete, type BulkRestore } from '@stockyard/contracts';
import { errors } from './errors';
import { confirmationRequired } from './product.errors';

/** Which products a bulk delete names: its ids, or every live one (a page per call) once `confirm` says so. */
export function bulkDeleteTarget(body: BulkDelete): { ids: string[] } | { all: true; startingAfter?: string } {
  if ('ids' in body) return { ids: [...new Set(body.ids)] };
  if (body.confirm !== DELETE_ALL_PRODUCTS) throw confirmationRequired();
  return { all: true, ...(body.startingAfter !== undefined ? { startingAfter: body.startingAfter } : {}) };
}

/** Trashed products in a range of trashing times (open ends: every one). */
export interface TrashedRange {
  deletedAfter?: Date;
  deletedBefore?: Date;
}

/** Which trashed products a bulk restore names: its ids, or a page of all or of those trashed in [after, before]. */
export function bulkRestoreTarget(
  body: BulkRestore,
): { ids: string[] } | { range: TrashedRange; startingAfter?: string } {
  if ('ids' in body) return { ids: [...new Set(body.ids)] };
  const range = 'all' in body ? {} : { deletedAfter: body.after, deletedBefore: body.before };
  return { range, ...(body.startingAfter !== undefined ? { startingAfter: body.startingAfter } : {}) };
}

/** One product a bulk operation could not handle, and why (the error code it would have answered). */
export interface BulkFailure {
  id: string;
  code: string;
  message: string;
}

/** A page of a bulk operation over `all` or a range: its ids, how many follow it, and the cursor after it. */
export interface BulkPage {
  ids: string[];
  remaining: number;
  next: string | null;
}

/** Named ids are one page with nothing after it. */
export const onePage = (ids: string[]): BulkPage => ({ ids, remaining: 0, next: null });

/** Where a restore's page ended: the last product's trashing time and id (the trash's order). */
interface TrashPosition {
  at: Date;
  id: string;
}

/**
 * A restore's `next`: base64url of `<milliseconds>:<id>`, opaque to the client. The kit's list
 * cursors are for a list's query string; this one is a bulk body's, decided here.
 */
export const restoreCursor = ({ at, id }: TrashPosition): string =>
  Buffer.from(`${at.getTime()}:${id}`).toString('base64url');

/** The position a restore's `startingAfter` names; one no restore gave is 400 `validation_failed`. */
export function trashPositionOf(cursor: string): TrashPosition {
  const match = /^(-?\d{1,16}):(.+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const position = match ? { at: new Date(Number(match[1])), id: match[2]! } : undefined;
  if (!position || Number.isNaN(position.at.getTime()) || restoreCursor(position) !== cursor) {
    throw errors.validation_failed('Invalid body', [
      { field: 'startingAfter', code: 'invalid_cursor', message: 'not a cursor a bulk restore gave (use its `next`)' },
    ]);
  }
  return position;
}
