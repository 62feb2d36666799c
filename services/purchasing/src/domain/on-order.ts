import { addQuantities } from '@stockyard/contracts';
import { type PurchaseOrder } from './purchase-order';

/**
 * What purchasing has on order, for orders from requirements: a STANDARD, live order in DRAFT,
 * SUBMITTED or PARTIALLY_RECEIVED holds each line's ordered − received as on order into its
 * warehouse (a pending receipt still counts: its stock is not confirmed in inventory yet).
 */
const OPEN_STATUSES: readonly PurchaseOrder['status'][] = ['DRAFT', 'SUBMITTED', 'PARTIALLY_RECEIVED'];

export const holdsOnOrder = (po: PurchaseOrder) =>
  po.type === 'STANDARD' && !po.deletedAt && po.warehouseId !== null && OPEN_STATUSES.includes(po.status);

/** The exact term of an order with a variant still on order into a warehouse (`#` terms are never searched). */
export const onOrderTerm = (variantId: string, warehouseId: string) => `#onorder:${variantId}@${warehouseId}`;
/** The exact term of a DRAFT, STANDARD order of a supplier into a warehouse: where requirements are appended. */
export const draftTerm = (channelId: string, warehouseId: string) => `#draft:${channelId}@${warehouseId}`;

const openOf = (line: PurchaseOrder['lines'][number]) =>
  Math.max(0, addQuantities(line.quantity, -line.receivedQuantity));

/**
 * The order's on-order and draft terms (none once it is received, closed, cancelled or trashed).
 * Every line's, fully received ones too: a receipt then changes no term (a term update rewrites
 * each of the order's term rows: bench/README.md, bench:purchasing), and the sum is exact anyway.
 */
export function onOrderTermsOf(po: PurchaseOrder): string[] {
  if (!holdsOnOrder(po)) return [];
  const terms = po.lines.map((l) => onOrderTerm(l.variantId, po.warehouseId!));
  if (po.status === 'DRAFT') terms.push(draftTerm(po.channelId, po.warehouseId!));
  return terms;
}

/** `variantId@warehouseId`: a key of the maps below. */
export const pairKey = (variantId: string, warehouseId: string) => `${variantId}@${warehouseId}`;

/** On order per (variant, warehouse) over these orders (those not holding any are ignored). */
export function onOrderByPair(orders: readonly PurchaseOrder[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const po of orders.filter(holdsOnOrder)) {
    for (const line of po.lines) {
      const key = pairKey(line.variantId, po.warehouseId!);
      sums.set(key, addQuantities(sums.get(key) ?? 0, openOf(line)));
    }
  }
  return sums;
}

/** The supplier's DRAFT into the warehouse requirements are appended to: the oldest of them. */
export function draftFor(orders: readonly PurchaseOrder[], channelId: string, warehouseId: string) {
  return orders
    .filter((po) => holdsOnOrder(po) && po.status === 'DRAFT')
    .filter((po) => po.channelId === channelId && po.warehouseId === warehouseId)
    .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id.localeCompare(b.id))[0];
}
