import type { OrgFilter } from '@stockyard/service-kit';
import type { ProductListQuery } from '@stockyard/contracts';
import { searchText, wordStartPattern } from '@stockyard/service-kit/search';
import { skuKey } from '../domain/product-derived';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `search`: a name with a word starting with the text (any case: "shirt" and "blue sh" find
 * "Blue Shirt", "hirt" does not), or a product or variant SKU or barcode equal to or starting
 * with it; GET /variants also a variant's name. The exact condition; the search index
 * (product-search.ts) finds the candidates.
 */
function searchCondition(search: string, variantNames = false) {
  const key = skuKey(searchText(search));
  const prefix = new RegExp(`^${escape(key)}`);
  return {
    $or: [
      { skuKeys: key },
      { barcodeKeys: key },
      { skuKeys: prefix },
      { barcodeKeys: prefix },
      { name: wordStartPattern(search) },
      ...(variantNames ? [{ 'variants.name': wordStartPattern(search) }] : []),
    ],
  };
}

/** GET /products' filters without its order: the list and an export's page filter by them. */
export type ProductFilters = Omit<ProductListQuery, 'sortBy' | 'sortOrder'>;

/**
 * The MongoDB filter of GET /products: live products of the organization (archived ones
 * only when asked), each filter given. `marginBelow` and `marginUnknown=true` together mean
 * either (the products whose margin needs a look).
 */
export function productFilter(orgId: string, q: ProductFilters, ids?: string[]): OrgFilter {
  const filter: OrgFilter = { orgId, deletedAt: null, archived: q.archived ?? false };
  for (const key of ['brandId', 'categoryId', 'type', 'matched', 'enriched'] as const) {
    if (q[key] !== undefined) filter[key] = q[key];
  }
  if (ids) filter._id = { $in: ids };
  const and: Record<string, unknown>[] = [];
  if (q.search) and.push(searchCondition(q.search));
  const below = q.marginBelow !== undefined ? { margin: { $lt: q.marginBelow } } : undefined;
  if (below && q.marginUnknown === true) and.push({ $or: [below, { margin: null }] });
  else if (below)
    Object.assign(filter, q.marginUnknown === false ? { margin: { $lt: q.marginBelow, $ne: null } } : below);
  else if (q.marginUnknown !== undefined) filter.margin = q.marginUnknown ? null : { $ne: null };
  if (and.length) filter.$and = and;
  return filter;
}

export function productSort({ sortBy, sortOrder }: ProductListQuery): Record<string, 1 | -1> {
  const dir = sortOrder === 'asc' ? 1 : -1;
  return { [sortBy]: dir, _id: dir };
}
