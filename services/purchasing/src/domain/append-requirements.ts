import { addQuantities } from '@stockyard/contracts';
import { MAX_PO_LINES } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { holdsOnOrder } from './on-order';
import { type OrderLine, type PurchaseOrder } from './purchase-order';
import type { Need } from './requirements';

/** A line a requirement added or raised: its id and what was ordered now. */
export interface Appended {
  lineId: string;
  need: Need;
}

export const lineOf = (need: Need, id: string): OrderLine => ({
  id,
  variantId: need.variantId,
  sku: need.sku,
  name: need.name,
  supplierSku: need.supplierSku,
  quantity: need.quantity,
  unitCost: need.unitCost,
  receivedQuantity: 0,
  reservationIds: [],
});

/** Whether the needs can still go into this order: a live STANDARD DRAFT with room for the new lines. */
export function canAppend(po: PurchaseOrder, needs: readonly Need[]): boolean {
  if (!holdsOnOrder(po) || po.status !== 'DRAFT') return false;
  const added = needs.filter((n) => !po.lines.some((l) => l.variantId === n.variantId)).length;
  return po.lines.length + added <= MAX_PO_LINES;
}

/**
 * Appends requirements to a supplier's DRAFT: a variant it already orders has that line raised
 * by the need, another gets a new line. No change (and `undefined`) when the order can no longer
 * take them (it left DRAFT, was trashed or is full): the caller makes a new order instead.
 */
export function appendRequirements(
  po: PurchaseOrder,
  needs: readonly Need[],
  newLineId: () => string,
): Decision<PurchaseOrder, Appended[] | undefined> {
  if (!canAppend(po, needs)) return { result: undefined };
  let lines = po.lines;
  const appended: Appended[] = [];
  for (const need of needs) {
    const line = lines.find((l) => l.variantId === need.variantId);
    if (line) {
      lines = lines.map((l) => (l === line ? { ...l, quantity: addQuantities(l.quantity, need.quantity) } : l));
      appended.push({ lineId: line.id, need });
    } else {
      const added = lineOf(need, newLineId());
      lines = [...lines, added];
      appended.push({ lineId: added.id, need });
    }
  }
  return { state: { ...po, lines }, result: appended };
}
