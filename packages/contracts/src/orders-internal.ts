import { z } from 'zod';
import { idSchema } from './ids';

/**
 * The orders service's internal API under /internal/v1 (never routed by the gateway): its stock
 * holds as other services read them. Purchasing links holds to purchase-order lines and lists
 * them; the catalog counts a variant's open holds before a conversion to a type that holds no stock.
 */
export const INTERNAL_HOLD_PATHS = {
  batch: '/holds/batch',
  open: '/holds/open',
  openCounts: '/holds/open-counts',
  link: '/holds/link',
} as const;

const ids = z.array(idSchema()).min(1).max(500);
export const HoldBatchQuerySchema = z.object({ ids }).strict();
export const OpenHoldsQuerySchema = z.object({ variantIds: ids }).strict();
/** Links holds to a purchase-order line (purchasing's link-reservations, after its own write). */
export const LinkHoldsSchema = z.object({ ids, purchaseOrderId: idSchema(), purchaseOrderLineId: idSchema() }).strict();

/** A hold as other services see it. */
export const InternalHoldSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  variantId: z.string(),
  quantity: z.number(),
  status: z.string(),
  /** PENDING or ALLOCATED. */
  open: z.boolean(),
  purchaseOrderLineId: z.string().nullable(),
});
export type InternalHold = z.infer<typeof InternalHoldSchema>;
export const InternalHoldsSchema = z.object({ data: z.array(InternalHoldSchema) });
export const OpenHoldCountsSchema = z.object({ data: z.array(z.object({ variantId: z.string(), count: z.number() })) });
