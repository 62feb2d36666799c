import { DELETE_ALL_PRODUCTS, type BulkDelete, type BulkRestore } from '@stockyard/contracts';
import { confirmationRequired } from './product.errors';

/** Which products a bulk delete names: its ids, or every live one once `confirm` says so. */
export function bulkDeleteTarget(body: BulkDelete): { ids: string[] } | { all: true } {
  if ('ids' in body) return { ids: [...new Set(body.ids)] };
  if (body.confirm !== DELETE_ALL_PRODUCTS) throw confirmationRequired();
  return { all: true };
}

/** Which trashed products a bulk restore names: its ids, all of them, or those trashed in [after, before]. */
export function bulkRestoreTarget(
  body: BulkRestore,
): { ids: string[] } | { deletedAfter?: Date; deletedBefore?: Date } {
  if ('ids' in body) return { ids: [...new Set(body.ids)] };
  if ('all' in body) return {};
  return { deletedAfter: body.after, deletedBefore: body.before };
}

/** One product a bulk operation could not handle, and why (the error code it would have answered). */
export interface BulkFailure {
  id: string;
  code: string;
  message: string;
}
