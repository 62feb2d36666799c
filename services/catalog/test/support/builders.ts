import { newProduct } from '../../src/domain/product-create';
import type { ProductState } from '../../src/domain/product';
import type { CreateProduct } from '@stockyard/contracts';

let seq = 0;
export const NOW = new Date('2026-11-24T10:00:00Z');

/** A product as the store would hold it, from create-body fields. */
export function aProduct(fields: Partial<CreateProduct> & { id?: string } = {}): ProductState {
  seq++;
  const { id, ...input } = fields;
  const body: CreateProduct = { type: 'SIMPLE', name: `Product ${seq}`, ...input };
  const sku = input.sku === undefined ? `SKU-${seq}` : input.sku;
  const state = newProduct('org_1', body, sku, { productId: id ?? `prd_${seq}`, variantId: `var_${seq}` }, NOW);
  return { ...state, version: 1 };
}
