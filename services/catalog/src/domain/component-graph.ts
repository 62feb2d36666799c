import type { Component, ProductState } from './product';
import { componentRows, liveVariants } from './product-derived';
import { componentCycle, componentNotFound } from './product.errors';

/** What a component check knows of the products the rows name, keyed by variant id. */
export type ComponentOwners = Map<string, ProductState>;

/**
 * Each row names a live variant of a live product that can be a component (not a FAMILY:
 * it has no variants anyway). Archived products may still be components (data health flags them).
 */
export function assertComponentsExist(rows: Component[], owners: ComponentOwners): void {
  for (const row of rows) {
    const owner = owners.get(row.variantId);
    const live = owner && !owner.deletedAt && liveVariants(owner).some((v) => v.id === row.variantId);
    if (!live) throw componentNotFound(row.variantId);
  }
}

/**
 * The next layer of a walk down the component tree: the products whose variants the given
 * products use (bundle rows and active BOMs). Throws `component_cycle` when the walk comes
 * back to `productId`.
 */
export function nextLayer(productId: string, products: ProductState[], owners: ComponentOwners): string[] {
  const variantIds: string[] = [];
  for (const p of products) {
    if (p.id === productId) throw componentCycle();
    for (const row of componentRows(p)) variantIds.push(row.variantId);
  }
  for (const id of variantIds) if (owners.get(id)?.id === productId) throw componentCycle();
  return variantIds;
}
