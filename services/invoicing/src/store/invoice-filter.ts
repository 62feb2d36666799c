import type { InvoiceListQuery } from '@stockyard/contracts';
import { type OrgFilter } from '@stockyard/service-kit';
import { wordStartPattern } from '@stockyard/service-kit/search';

/** One value is an equality an index holds; several are an `$in` checked along the sort's index. */
const oneOrMany = (values: string[]) => (values.length === 1 ? values[0] : { $in: values });

/** The list's filters without its order: GET /invoices and an export's page filter by them. */
export type InvoiceFilters = Omit<InvoiceListQuery, 'sortBy' | 'sortOrder'>;

/**
 * The list's filter on the invoices' rows (invoice-row.model.ts): the equalities its indexes hold,
 * the candidates the term index found (a superset, when it found them: `ids`), and the exact search
 * condition checked on the rows read.
 */
export function invoiceFilter(orgId: string, query: InvoiceFilters, ids?: string[]): OrgFilter {
  const filter: OrgFilter = { orgId, deletedAt: null };
  if (query.purchaseOrderId) filter.purchaseOrderId = query.purchaseOrderId;
  if (query.channelId) filter.channelId = query.channelId;
  if (query.status) filter.status = oneOrMany(query.status);
  if (query.invoiceType) filter.invoiceType = oneOrMany(query.invoiceType);
  if (ids) filter._id = { $in: ids };
  if (query.search) {
    const pattern = wordStartPattern(query.search);
    filter.$or = ['invoiceNumber', 'purchaseOrderNumber', 'vendorName'].map((field) => ({ [field]: pattern }));
  }
  return filter;
}

export const invoiceSort = (query: InvoiceListQuery): Record<string, 1 | -1> => {
  const direction = query.sortOrder === 'asc' ? 1 : -1;
  return { [query.sortBy]: direction, _id: direction };
};
