import { addQuantities, type FulfillmentStatus } from '@stockyard/contracts';
import { isDropship, type Hold } from './hold';
import type { LineFulfilment, Order, OrderFulfilment, OrderLine } from './order';

/** A new order's fulfilment: nothing deducted, no fulfil call. */
export const NOTHING_FULFILLED: OrderFulfilment = {
  status: 'UNFULFILLED',
  fulfilledAt: null,
  called: false,
  lines: {},
};

/** The order's fulfilment as stored; an order stored before fulfilment was shown reads as nothing fulfilled. */
export const fulfilmentOf = (order: Pick<Order, 'fulfilment'>): OrderFulfilment =>
  order.fulfilment ?? NOTHING_FULFILLED;

/**
 * Whether a change of the order's lines or holds may move what it shows: once something was
 * deducted or a fulfil call was made, or when it was stored before fulfilment was shown (it is
 * computed then). Before that every line and the order read UNFULFILLED whatever its holds are.
 */
export const fulfilmentMayMove = (order: Pick<Order, 'fulfilment'>): boolean =>
  !order.fulfilment || order.fulfilment.called || order.fulfilment.status !== 'UNFULFILLED';

const statusOf = (fulfilled: number, quantity: number): FulfillmentStatus =>
  fulfilled >= quantity ? 'FULFILLED' : fulfilled > 0 ? 'PARTIALLY_FULFILLED' : 'UNFULFILLED';

/**
 * Kit units fulfilled by the line's leaf holds (expand-kits' per-component holds). A kit's unit is
 * fulfilled when each of its components was deducted; a leaf hold deducts its whole quantity at
 * once, so each generation of leaf holds fulfils all the kit units it was made for (its kit-level
 * hold's quantity) or none.
 */
function kitUnitsOf(line: Pick<OrderLine, 'quantity'>, holds: readonly Hold[]): number[] {
  const generations = new Map<number, Hold[]>();
  for (const leaf of holds.filter((h) => h.kitParentLineId)) {
    generations.set(leaf.generation, [...(generations.get(leaf.generation) ?? []), leaf]);
  }
  return [...generations].map(([generation, leaves]) => {
    if (!leaves.every((leaf) => leaf.committedQuantity >= leaf.quantity)) return 0;
    return holds.find((h) => h.kitLevel && h.generation === generation)?.quantity ?? line.quantity;
  });
}

/**
 * The quantity of the line whose stock fulfilment deducted (at most the line's quantity), or null
 * when the line holds no stock: it has no hold (not linked to a variant, or the order never held
 * stock), or each of its holds still open or committed is dropship (its source ships it).
 * A hold deducts as a whole (its `committedQuantity`); kit lines count by kit unit (kitUnitsOf).
 */
function fulfilledOf(line: Pick<OrderLine, 'id' | 'quantity'>, holds: readonly Hold[]): number | null {
  const mine = holds.filter((h) => h.lineId === line.id);
  const live = mine.filter((h) => h.status !== 'CANCELLED');
  if (mine.length === 0 || (live.length > 0 && live.every(isDropship))) return null;
  const plain = mine.filter((h) => !h.kitLevel && !h.kitParentLineId).map((h) => h.committedQuantity);
  return Math.min(addQuantities(...plain, ...kitUnitsOf(line, mine)), line.quantity);
}

const sameFulfilment = (a: OrderFulfilment, b: OrderFulfilment) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The order with its fulfilment computed from its holds (all of them, any status). A line that
 * holds stock is FULFILLED when its fulfilled quantity covers its quantity, PARTIALLY_FULFILLED
 * when some was deducted, else UNFULFILLED. A line that holds none has nothing to deduct: it
 * reads FULFILLED once a fulfil call was made (`called`: fulfil is the act of marking), else
 * UNFULFILLED, and is left out of the order's status. The order follows the lines that hold stock
 * (all FULFILLED: FULFILLED, some quantity deducted: PARTIALLY_FULFILLED, else UNFULFILLED); one
 * whose lines hold none follows `called`. `fulfilledAt` is when it became FULFILLED. The same
 * object when nothing moved (the store writes nothing).
 */
export function withFulfilment(order: Order, holds: readonly Hold[], at: { now: Date; called?: boolean }): Order {
  const before = fulfilmentOf(order);
  const called = before.called || at.called === true;
  const lines: Record<string, LineFulfilment> = {};
  const counted: LineFulfilment[] = [];
  for (const line of order.lines) {
    const fulfilled = fulfilledOf(line, holds);
    const shown: LineFulfilment =
      fulfilled === null
        ? { quantity: 0, status: called ? 'FULFILLED' : 'UNFULFILLED' }
        : { quantity: fulfilled, status: statusOf(fulfilled, line.quantity) };
    if (fulfilled !== null) counted.push(shown);
    if (shown.quantity > 0 || shown.status !== 'UNFULFILLED') lines[line.id] = shown;
  }
  const status: FulfillmentStatus =
    counted.length === 0
      ? called
        ? 'FULFILLED'
        : 'UNFULFILLED'
      : counted.every((l) => l.status === 'FULFILLED')
        ? 'FULFILLED'
        : counted.some((l) => l.quantity > 0)
          ? 'PARTIALLY_FULFILLED'
          : 'UNFULFILLED';
  const fulfilledAt =
    status !== 'FULFILLED' ? null : before.status === 'FULFILLED' ? (before.fulfilledAt ?? at.now) : at.now;
  const next: OrderFulfilment = { status, fulfilledAt, called, lines };
  return order.fulfilment && sameFulfilment(before, next) ? order : { ...order, fulfilment: next };
}
