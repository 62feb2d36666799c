import { AggregateStore, type OutboxRelay, type UniqueClaims } from '@stockyard/service-kit';
import type { ProductState } from '../domain/product';
import { heldSkus } from '../domain/product-derived';
import type { ProductModel } from './product.model';

export type ProductStore = AggregateStore<ProductState>;

/**
 * Every write of a product (its variants, rows and BOMs inside) goes through this store, which
 * claims the SKUs a write gives the product and releases those it gives up (`skuClaims`).
 */
export const productStore = (model: ProductModel, relay: OutboxRelay, skuClaims: UniqueClaims): ProductStore =>
  new AggregateStore<ProductState>(model, relay, {
    name: 'Product',
    remember: 5_000,
    unique: { claims: skuClaims, valuesOf: heldSkus },
  });
