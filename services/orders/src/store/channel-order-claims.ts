import { AppError, UniqueClaims } from '@stockyard/service-kit';
import type { Order } from '../domain/order';
import type { ChannelOrderClaimModel, OrderModel } from './order.model';

/** The key an order holds: its channel and the channel's id of it (a channel id never holds `|`). */
export const channelOrderKey = (order: Pick<Order, 'channelId' | 'channelOrderId'>) =>
  `${order.channelId}|${order.channelOrderId}`;

/** Another write holds the key: the import reads the holder and applies to it (never a partner's answer). */
export class ChannelOrderTaken extends AppError {
  constructor(readonly key: string) {
    super('conflict', `The channel's order ${key} exists`, 'channel_order_exists');
  }
}

/**
 * The claims that keep one order per (channel, channel order id) in an organization: the order
 * store's unique value, held by the order for good (trashed too), so a channel sending an order
 * again, or twice at once, finds the one there is (commands/import-commands.ts).
 */
export function channelOrderClaims(claims: ChannelOrderClaimModel, orders: OrderModel): UniqueClaims {
  return new UniqueClaims({
    collection: claims.collection,
    keyOf: (value) => value,
    holderField: 'orderId',
    valueField: 'channelOrder',
    holders: orders.collection,
    holds: (order, key) => channelOrderKey(order as never) === key,
    taken: (value) => new ChannelOrderTaken(value),
  });
}

/** The order holding a key, if any (the import's second look after a lost race). */
export async function holderOf(claims: UniqueClaims, orgId: string, key: string): Promise<string | undefined> {
  return (await claims.holders(orgId, [key])).get(key);
}
