import {
  HoldBatchQuerySchema,
  INTERNAL_HOLD_PATHS,
  LinkHoldsSchema,
  OpenHoldsQuerySchema,
  type InternalHold,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { Router } from 'express';
import { isOpen, type Hold } from '../domain/hold';
import type { HoldsGiven } from '../holds.module';

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
export function holdsInternalRoutes(router: Router, { holds, links }: HoldsGiven): void {
  router.post(INTERNAL_HOLD_PATHS.batch, async (req, res) => {
    const found = await holds.byIds(orgIdOf(req), bodyOf(req, HoldBatchQuerySchema).ids);
    res.json({ data: found.map(internalView) });
  });
  router.post(INTERNAL_HOLD_PATHS.open, async (req, res) => {
    const found = await holds.openOf(orgIdOf(req), bodyOf(req, OpenHoldsQuerySchema).variantIds, OPEN_READ);
    res.json({ data: found.map(internalView) });
  });
  router.post(INTERNAL_HOLD_PATHS.openCounts, async (req, res) => {
    const counts = await holds.openCountOf(orgIdOf(req), bodyOf(req, OpenHoldsQuerySchema).variantIds);
    res.json({ data: [...counts].map(([variantId, count]) => ({ variantId, count })) });
  });
  router.post(INTERNAL_HOLD_PATHS.link, async (req, res) => {
    const body = bodyOf(req, LinkHoldsSchema);
    res.json({
      data: (await links.link(orgIdOf(req), body.ids, body.purchaseOrderId, body.purchaseOrderLineId)).map(
        internalView,
      ),
    });
  });
}
