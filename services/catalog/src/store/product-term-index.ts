import { TermIndex } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import type { ProductState } from '../domain/product';

/**
 * A term index of the products (the kit's `TermIndex`), a projection of the product store:
 * its updates are `{productId, version, terms}` (the field updates written before kept).
 */
export class ProductTermIndex extends TermIndex<ProductState> {
  constructor(connection: Connection, collection: string, event: string, termsOf: (p: ProductState) => string[]) {
    super(connection, { collection, event, refField: 'productId', termsOf });
  }
}
