import type { Connection } from 'mongoose';
import { COMPONENT_USES_CHANGED, componentUsesOf } from '../domain/component-uses';
import { ProductTermIndex } from './product-term-index';

/**
 * The component-use index (`product_component_uses`): a row per variant a live product's rows
 * use (`componentUsesOf`), kept from `product.component_uses_changed`, read by exact variant id
 * (`holding`: every product whose rows may use any of them, a superset the reads check) for
 * where-used and the "is a component of" checks, where a condition on the products'
 * `componentVariantIds` array reads every live product of the organization on the local store.
 */
export class ComponentUses extends ProductTermIndex {
  constructor(connection: Connection) {
    super(connection, 'product_component_uses', COMPONENT_USES_CHANGED, componentUsesOf);
  }
}
