import { stateOf } from '@stockyard/service-kit';
import { untouchedDefaultBesideVariants } from '../domain/default-variant';
import type { ProductState } from '../domain/product';
import type { DefaultCandidate } from './default-variant-reviews';
import type { ProductModel } from './product.model';

/** What the scan reads of a product: enough to see its default (never the outbox or derived fields). */
const FIELDS = 'orgId type deletedAt variants';

/**
 * Every organization's live products whose untouched default variant sits beside other
 * variants (added before the first variant replaced it), a page of candidates per `size`
 * products read. A one-off migration's read: one cursor over the collection, as the term index
 * rebuild reads it (a filter or sort outside an index would make each page a scan of its own).
 */
export async function* defaultsBesideVariants(model: ProductModel, size = 500): AsyncGenerator<DefaultCandidate[]> {
  let page: DefaultCandidate[] = [];
  let read = 0;
  for await (const doc of model.find({}, FIELDS).lean().cursor({ batchSize: size })) {
    const product = stateOf<ProductState>(doc);
    const variant = untouchedDefaultBesideVariants(product);
    if (variant) page.push({ orgId: product.orgId, productId: product.id, variantId: variant.id });
    if (++read % size === 0) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}
