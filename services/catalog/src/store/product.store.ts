import { AggregateStore, type OutboxRelay, type UniqueClaims } from '@stockyard/service-kit';
import type { EventEnvelope } from '@stockyard/contracts';
import type { ProductState } from '../domain/product';
import { heldSkus } from '../domain/product-derived';
import { variantListEvents } from '../domain/variant-list';
import type { ProductModel } from './product.model';
import type { VariantList } from './variant-list';

export type ProductStore = AggregateStore<ProductState>;

/**
 * A new product's insert also carries its variant-list update (the store sets the creation
 * instant the list orders by, so the update takes it from the created product), applied before
 * the create answers, as the writer applies the term indexes'.
 */
class ProductAggregateStore extends AggregateStore<ProductState> {
  constructor(
    model: ProductModel,
    relay: OutboxRelay,
    skuClaims: UniqueClaims,
    private readonly variantList: VariantList,
  ) {
    super(model, relay, { name: 'Product', remember: 5_000, unique: { claims: skuClaims, valuesOf: heldSkus } });
  }

  override async create(
    state: Omit<ProductState, 'version' | 'createdAt' | 'updatedAt'> & { id?: string },
    events: EventEnvelope[] = [],
  ): Promise<ProductState> {
    const listed = variantListEvents(null, state as ProductState, 1);
    const created = await super.create(state, [...events, ...listed]);
    await this.variantList.applyCreated(listed, created.createdAt ?? new Date());
    return created;
  }
}

/**
 * Every write of a product (its variants, rows and BOMs inside) goes through this store, which
 * claims the SKUs a write gives the product and releases those it gives up (`skuClaims`).
 */
export const productStore = (
  model: ProductModel,
  relay: OutboxRelay,
  skuClaims: UniqueClaims,
  variantList: VariantList,
): ProductStore => new ProductAggregateStore(model, relay, skuClaims, variantList);
