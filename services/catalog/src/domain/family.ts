import type { ProductState } from './product';
import { childInOtherFamily, childNotSimple, notAChild, notAFamily } from './product.errors';
import { assertWritable } from './variant';

/** The product is a live FAMILY (children can be linked to it, ordered, unlinked). */
export function assertFamily(p: ProductState): void {
  assertWritable(p);
  if (p.type !== 'FAMILY') throw notAFamily();
}

/** The product can join `familyId`: live, SIMPLE, and in no other family. */
export function assertLinkable(child: ProductState, familyId: string | null): void {
  assertWritable(child);
  if (child.type !== 'SIMPLE') throw childNotSimple(child.id);
  if (child.parentId !== null && child.parentId !== familyId) throw childInOtherFamily(child.id);
}

/** A SIMPLE product joins the family at `position`; already in it: unchanged. */
export function linkChild(child: ProductState, familyId: string, position: number): ProductState {
  assertLinkable(child, familyId);
  return child.parentId === familyId ? child : { ...child, parentId: familyId, position };
}

export function unlinkChild(child: ProductState, familyId: string): ProductState {
  if (child.parentId !== familyId) throw notAChild();
  return { ...child, parentId: null, position: null };
}

/**
 * PUT /products/{id}/children/order: each listed child's position becomes its index in the
 * list; children not listed keep theirs. Answers the new position of each listed child.
 */
export function childOrder(childIds: string[], orderedChildIds: string[]): Map<string, number> {
  const known = new Set(childIds);
  const unknown = orderedChildIds.find((id) => !known.has(id));
  if (unknown) throw notAChild();
  return new Map(orderedChildIds.map((id, index) => [id, index]));
}

export const setPosition = (child: ProductState, position: number): ProductState =>
  child.position === position ? child : { ...child, position };
