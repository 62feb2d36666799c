import type { OrderListQuery } from '@stockyard/contracts';
import { type OrgFilter } from '@stockyard/service-kit';
import { wordStartPattern } from '@stockyard/service-kit/search';
import { dateRange } from './date-range';

/**
 * The list's filter on the orders' rows (order-row.model.ts): the equalities its indexes hold,
 * `orderedAt` between the dates (the one range), the candidates the term index found (a
 * superset, when it found them: `ids`), and the search's exact condition checked on the rows read.
 */
export function orderFilter(orgId: string, query: Partial<OrderListQuery>, ids?: string[]): OrgFilter {
  const filter: OrgFilter = { orgId, deletedAt: null };
  if (query.channelId) filter.channelId = query.channelId;
  if (query.status) filter.status = query.status;
  if (query.blockedOnBuild !== undefined) filter.blockedOnBuild = query.blockedOnBuild;
  if (query.fulfillmentStatus) filter.fulfillmentStatus = query.fulfillmentStatus;
  const ordered = dateRange(query.startDate, query.endDate);
  if (ordered) filter.orderedAt = ordered;
  if (ids) filter._id = { $in: ids };
  if (query.search) {
    const pattern = wordStartPattern(query.search);
    const fields = ['channelOrderId', 'customerName', 'customerEmail', 'skus'];
    filter.$or = fields.map((field) => ({ [field]: pattern }));
  }
  return filter;
}

export const orderSort = (query: Pick<OrderListQuery, 'sortBy' | 'sortOrder'>): Record<string, 1 | -1> => {
  const direction = query.sortOrder === 'asc' ? 1 : -1;
  return { [query.sortBy]: direction, _id: direction };
};
