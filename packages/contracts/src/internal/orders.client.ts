import type { z } from 'zod';
import type { PeerOptions } from '../internal-call';
import type { InternalHold, LinkHoldsSchema } from '../orders-internal';
import { callRoute } from './call-route';
import { INTERNAL_ROUTES as R } from './route-table';

/** The typed client of orders' internal holds API, over the internal route table. */
export function ordersClient(options: Omit<PeerOptions, 'peer'>) {
  const peer = { ...options, peer: 'orders' };
  return {
    /** The holds among these ids (any status; another organization's left out). */
    holds: async (orgId: string, holdIds: string[]): Promise<InternalHold[]> =>
      holdIds.length === 0 ? [] : (await callRoute(peer, orgId, R.ordersHolds, { ids: holdIds })).data,
    /** Open holds of these variants (at most 500, oldest first). */
    openHolds: async (orgId: string, variantIds: string[]): Promise<InternalHold[]> =>
      variantIds.length === 0 ? [] : (await callRoute(peer, orgId, R.ordersOpenHolds, { variantIds })).data,
    /** How many open holds the variants have, together. */
    openHoldCount: async (orgId: string, variantIds: string[]): Promise<number> => {
      if (variantIds.length === 0) return 0;
      const counts = await callRoute(peer, orgId, R.ordersOpenHoldCounts, { variantIds });
      return counts.data.reduce((sum, c) => sum + c.count, 0);
    },
    link: (orgId: string, body: z.infer<typeof LinkHoldsSchema>): Promise<unknown> =>
      callRoute(peer, orgId, R.ordersLinkHolds, body),
  };
}
export type OrdersClient = ReturnType<typeof ordersClient>;
