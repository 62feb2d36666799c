import { INTERNAL_ROUTES, type InternalHold } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { Router } from 'express';
import { isOpen, type Hold } from '../domain/hold';
import type { HoldsGiven } from '../deps';

/** Open holds one read answers at most. */
const OPEN_READ = 500;

const internalView = (h: Hold): InternalHold => ({
  id: h.id,
  orderId: h.orderId,
  variantId: h.variantId,
  quantity: h.quantity,
  status: h.status,
  open: isOpen(h),
  purchaseOrderLineId: h.purchaseOrderLineId,
});

/** /internal/v1: holds as purchasing and the catalog read them (contracts orders-internal.ts). */
export function holdsInternalRoutes(router: Router, { reads, links }: HoldsGiven): void {
  const views = (found: Hold[]) => ({ data: found.map(internalView) });
  bindInternal(router, INTERNAL_ROUTES.ordersHolds, async ({ orgId, body }) =>
    views(await reads.byIds(orgId, body.ids)),
  );
  bindInternal(router, INTERNAL_ROUTES.ordersOpenHolds, async ({ orgId, body }) =>
    views(await reads.openOf(orgId, body.variantIds, OPEN_READ)),
  );
  bindInternal(router, INTERNAL_ROUTES.ordersOpenHoldCounts, async ({ orgId, body }) => {
    const counts = await reads.openCountOf(orgId, body.variantIds);
    return { data: [...counts].map(([variantId, count]) => ({ variantId, count })) };
  });
  bindInternal(router, INTERNAL_ROUTES.ordersLinkHolds, async ({ orgId, body }) =>
    views(await links.link(orgId, body.ids, body.purchaseOrderId, body.purchaseOrderLineId)),
  );
}
