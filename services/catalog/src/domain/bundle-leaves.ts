import type { Component, ProductState } from './product';
import { componentCycle } from './product.errors';

/** Deeper than this, nesting is treated as a cycle (the create and update checks refuse cycles anyway). */
const MAX_DEPTH = 20;

/** Quantities have at most 4 decimals: products of them are rounded back to 4. */
const times = (a: number, b: number) => Math.round(a * b * 10_000) / 10_000;
const plus = (a: number, b: number) => Math.round((a + b) * 10_000) / 10_000;

/**
 * What one unit of a bundle takes of stocked variants: its rows with nested bundles
 * flattened and quantities multiplied, the same leaf summed. `ownerOf` answers the product
 * of a variant (a BUNDLE's rows are followed; any other variant is a leaf).
 */
export function flattenLeaves(
  rows: Component[],
  ownerOf: (variantId: string) => Pick<ProductState, 'type' | 'components'> | undefined,
  depth = 0,
): Component[] {
  if (depth > MAX_DEPTH) throw componentCycle();
  const leaves = new Map<string, number>();
  for (const row of rows) {
    const owner = ownerOf(row.variantId);
    const parts =
      owner?.type === 'BUNDLE'
        ? flattenLeaves(owner.components, ownerOf, depth + 1).map((l) => ({
            ...l,
            quantity: times(l.quantity, row.quantity),
          }))
        : [row];
    for (const part of parts) leaves.set(part.variantId, plus(leaves.get(part.variantId) ?? 0, part.quantity));
  }
  return [...leaves].map(([variantId, quantity]) => ({ variantId, quantity }));
}
