import type { StockSale } from '@stockyard/contracts';
import type { Hold } from './hold';
import type { Order } from './order';

/**
 * What a hold's deduct sells, for inventory's cost of goods sold: the order, its sales channel and
 * the line's unit price (null for a line of no price, and for a kit's component: the kit is priced,
 * not its parts).
 */
export function saleOf(order: Pick<Order, 'id' | 'channelId' | 'lines'>, hold: Hold): StockSale {
  const line = order.lines.find((l) => l.id === hold.lineId);
  const unitPrice = hold.kitParentLineId ? null : (line?.unitPrice ?? null);
  return { orderId: order.id, channelId: order.channelId, unitPrice };
}
