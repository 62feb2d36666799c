import { z } from 'zod';
import { idSchema } from './ids';
import { postInternal, type PeerOptions } from './internal-call';

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

/** The typed client of orders' internal holds API. */
export function ordersClient(options: Omit<PeerOptions, 'peer'>) {
  const peer = { ...options, peer: 'orders' };
  return {
    /** The holds among these ids (any status; another organization's left out). */
    holds: async (orgId: string, holdIds: string[]): Promise<InternalHold[]> =>
      holdIds.length === 0
        ? []
        : (await postInternal(peer, orgId, INTERNAL_HOLD_PATHS.batch, { ids: holdIds }, InternalHoldsSchema)).data,
    /** Open holds of these variants (at most 500, oldest first). */
    openHolds: async (orgId: string, variantIds: string[]): Promise<InternalHold[]> =>
      variantIds.length === 0
        ? []
        : (await postInternal(peer, orgId, INTERNAL_HOLD_PATHS.open, { variantIds }, InternalHoldsSchema)).data,
    /** How many open holds the variants have, together. */
    openHoldCount: async (orgId: string, variantIds: string[]): Promise<number> => {
      if (variantIds.length === 0) return 0;
      const counts = await postInternal(
        peer,
        orgId,
        INTERNAL_HOLD_PATHS.openCounts,
        { variantIds },
        OpenHoldCountsSchema,
      );
      return counts.data.reduce((sum, c) => sum + c.count, 0);
    },
    link: (orgId: string, body: z.infer<typeof LinkHoldsSchema>): Promise<unknown> =>
      postInternal(peer, orgId, INTERNAL_HOLD_PATHS.link, body, z.unknown()),
  };
}
export type OrdersClient = ReturnType<typeof ordersClient>;
