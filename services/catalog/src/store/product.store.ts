import { AggregateStore, type OutboxRelay } from '@stockyard/service-kit';
import type { ProductState } from '../domain/product';
import type { ProductModel } from './product.model';

export type ProductStore = AggregateStore<ProductState>;

/** Every write of a product (its variants, rows and BOMs inside) goes through this store. */
export const productStore = (model: ProductModel, relay: OutboxRelay): ProductStore =>
  new AggregateStore<ProductState>(model, relay, { name: 'Product', remember: 5_000 });
