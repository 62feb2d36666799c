import { AggregateStore, type OutboxRelay, type UniqueClaims } from '@stockyard/service-kit';
import type { ProductState } from '../domain/product';
import { heldSkus } from '../domain/product-derived';
import type { ComponentUses } from './component-uses';
import type { ProductModel } from './product.model';
import type { ProductSearch } from './product-search';
import type { VariantList } from './variant-list';

/** What the product store keeps from every write of a product, before the write answers. */
interface ProductProjections {
  search: ProductSearch;
  uses: ComponentUses;
  variantList: VariantList;
}

/**
 * Every write of a product (its variants, rows and BOMs inside) goes through this store, which
 * claims the SKUs a write gives the product and releases those it gives up (`skuClaims`), and
 * keeps its projections: the search and component-use indexes and the variant list.
 */
export const productStore = (
  model: ProductModel,
  relay: OutboxRelay,
  skuClaims: UniqueClaims,
  { search, uses, variantList }: ProductProjections,
) =>
  new AggregateStore<ProductState>(model, relay, {
    name: 'Product',
    remember: 5_000,
    unique: { claims: skuClaims, valuesOf: heldSkus },
    projections: [search, uses, variantList],
  });
export type ProductStore = ReturnType<typeof productStore>;
