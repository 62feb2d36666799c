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

/** The start of every on-order term of a variant, into any warehouse (an id holds no `@`). */
export const onOrderPrefix = (variantId: string) => `#onorder:${variantId}@`;
/** The exact term of an order with a variant still on order into a warehouse (`#` terms are never searched). */
export const onOrderTerm = (variantId: string, warehouseId: string) => `${onOrderPrefix(variantId)}${warehouseId}`;
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

/** What is on order of a variant into a warehouse. */
interface OnOrderRow {
  variantId: string;
  warehouseId: string;
  quantity: number;
}

/** On order per (variant, warehouse) over these orders (those not holding any are ignored), by pair key. */
function onOrderRows(orders: readonly PurchaseOrder[]): Map<string, OnOrderRow> {
  const rows = new Map<string, OnOrderRow>();
  for (const po of orders.filter(holdsOnOrder)) {
    for (const line of po.lines) {
      const key = pairKey(line.variantId, po.warehouseId!);
      const row = rows.get(key) ?? { variantId: line.variantId, warehouseId: po.warehouseId!, quantity: 0 };
      rows.set(key, { ...row, quantity: addQuantities(row.quantity, openOf(line)) });
    }
  }
  return rows;
}

/** On order per (variant, warehouse) over these orders (those not holding any are ignored). */
export function onOrderByPair(orders: readonly PurchaseOrder[]): Map<string, number> {
  return new Map([...onOrderRows(orders)].map(([key, row]) => [key, row.quantity]));
}

/**
 * What is on order of these variants (into this warehouse, when one is named) over these orders:
 * the pairs with more than 0, by variant then warehouse.
 */
export function onOrderOf(orders: readonly PurchaseOrder[], variantIds: readonly string[], warehouseId?: string) {
  const wanted = new Set(variantIds);
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...onOrderRows(orders).values()]
    .filter((r) => wanted.has(r.variantId) && (warehouseId === undefined || r.warehouseId === warehouseId))
    .filter((r) => r.quantity > 0)
    .sort((a, b) => compare(a.variantId, b.variantId) || compare(a.warehouseId, b.warehouseId));
}

/** The supplier's DRAFT into the warehouse requirements are appended to: the oldest of them. */
export function draftFor(orders: readonly PurchaseOrder[], channelId: string, warehouseId: string) {
  return orders
    .filter((po) => holdsOnOrder(po) && po.status === 'DRAFT')
    .filter((po) => po.channelId === channelId && po.warehouseId === warehouseId)
    .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id.localeCompare(b.id))[0];
}
