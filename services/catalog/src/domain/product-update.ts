import type { UpdateProduct } from '@stockyard/contracts';
import type { ProductState } from './product';
import { componentRowsOf, withComponents } from './product-components';
import { syncToDefault, assertWritable } from './variant';

const PLAIN_FIELDS = [
  'name',
  'description',
  'brandId',
  'categoryId',
  'sku',
  'upc',
  'gtin',
  'mpn',
  'price',
  'cost',
  'weight',
  'dimensions',
  'customFields',
] as const;

/**
 * PUT /products/{id}: each field given replaces the stored one (null clears it); the
 * default variant follows the product's SKU, price, cost and weight; `components` replace a
 * BUNDLE's rows or make a new active BOM version of an ASSEMBLY. Trashed products refuse.
 */
export function updateProduct(current: ProductState, input: UpdateProduct, now: Date): ProductState {
  assertWritable(current);
  let next: ProductState = { ...current };
  for (const key of PLAIN_FIELDS) {
    const value = input[key];
    if (value !== undefined && !sameValue(current[key], value))
      (next as unknown as Record<string, unknown>)[key] = value;
  }
  if (input.images !== undefined) {
    next.images = input.images.map((img, i) => ({ url: img.url, position: img.position ?? i }));
  }
  if (input.components !== undefined) next = withComponents(next, componentRowsOf(input.components), now);
  return syncToDefault(next, now);
}

const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));
