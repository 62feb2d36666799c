import type { ProductState } from './product';
import { productNotTrashed } from './product.errors';
import { assertWritable } from './variant';

/** Soft delete: the product leaves every list but the trash; a trashed product stays trashed. */
export const trashProduct = (p: ProductState, now: Date): ProductState => (p.deletedAt ? p : { ...p, deletedAt: now });

export function restoreProduct(p: ProductState): ProductState {
  if (!p.deletedAt) throw productNotTrashed();
  return { ...p, deletedAt: null };
}

export function setArchived(p: ProductState, archived: boolean): ProductState {
  assertWritable(p);
  return p.archived === archived ? p : { ...p, archived };
}
