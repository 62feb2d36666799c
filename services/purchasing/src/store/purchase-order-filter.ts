import type { PurchaseOrderListQuery } from '@stockyard/contracts';
import { type OrgFilter } from '@stockyard/service-kit';
import { wordStartPattern } from '@stockyard/service-kit/search';

/** The list's filters without its order: GET /purchase-orders and an export's page filter by them. */
export type PurchaseOrderFilters = Omit<PurchaseOrderListQuery, 'sortBy' | 'sortOrder'>;

/** Whether the query asks for orders with documents (an attachment type implies it), without, or either. */
export const wantsAttachment = (query: PurchaseOrderFilters) => (query.attachmentType ? true : query.hasAttachment);

/**
 * The list's filter on the orders' rows (purchase-order-row.model.ts): the equalities its indexes
 * hold, the candidates the term index found (a superset, when it found them: `ids`), and each
 * exact condition checked on the rows read.
 */
export function purchaseOrderFilter(orgId: string, query: PurchaseOrderFilters, ids?: string[]): OrgFilter {
  const filter: OrgFilter = { orgId, deletedAt: null };
  if (query.status) filter.status = query.status;
  if (query.channelId) filter.channelId = query.channelId;
  if (query.hasInvoice !== undefined) filter.hasInvoice = query.hasInvoice;
  if (ids) filter._id = { $in: ids };
  const attachment = wantsAttachment(query);
  if (attachment !== undefined) filter.hasAttachment = attachment;
  if (query.attachmentType) filter.attachmentKinds = query.attachmentType;
  if (query.search) {
    const pattern = wordStartPattern(query.search);
    filter.$or = ['orderNumber', 'supplierName', 'skus'].map((field) => ({ [field]: pattern }));
  }
  return filter;
}

/**
 * The orders (trashed too) that may hold a receipt applied from `from` on, by `_id` after `after`:
 * those not fully received before `from` (receipts live inside the order).
 */
export const receiptsFilter = (orgId: string, from: Date, after: string | null): OrgFilter => ({
  orgId,
  ...(after === null ? {} : { _id: { $gt: after } }),
  $or: [{ receivedAt: null }, { receivedAt: { $gte: from } }],
});

export const purchaseOrderSort = (query: PurchaseOrderListQuery): Record<string, 1 | -1> => {
  const direction = query.sortOrder === 'asc' ? 1 : -1;
  return { [query.sortBy]: direction, _id: direction };
};
