import { BundleTooDeepError, flattenBundleRows } from '@stockyard/contracts';
import type { Component, ProductState } from './product';
import { componentCycle } from './product.errors';

/**
 * What one unit of a bundle takes of stocked variants (the contracts' definition: nested
 * bundles flattened, quantities multiplied, the same leaf summed). `ownerOf` answers the
 * product of a variant; a BUNDLE's rows are followed, any other variant is a leaf.
 */
export function flattenLeaves(
  rows: Component[],
  ownerOf: (variantId: string) => Pick<ProductState, 'type' | 'components'> | undefined,
): Component[] {
  try {
    return flattenBundleRows(rows, (id) => {
      const owner = ownerOf(id);
      return owner?.type === 'BUNDLE' ? owner.components : undefined;
    });
  } catch (err) {
    if (err instanceof BundleTooDeepError) throw componentCycle();
    throw err;
  }
}
