import type { InternalPurchaseOrder, OrderLineCost } from '@stockyard/contracts';

/**
 * The order's lines whose amount in cents moved from `was` to `now` (by PO line id), each with its
 * whole amount now and what inventory needs to find its layers: the line's variant and received
 * quantity, the order's warehouse. None for a DROPSHIP order (no warehouse: its goods never enter
 * stock), nor for a line the order no longer has (purchasing deletes only lines with nothing
 * received, so no layer holds it).
 */
export function changedLineCosts(
  po: InternalPurchaseOrder,
  was: ReadonlyMap<string, number>,
  now: ReadonlyMap<string, number>,
): OrderLineCost[] {
  const { warehouseId } = po;
  if (!warehouseId) return [];
  return po.lines
    .filter((line) => (was.get(line.id) ?? 0) !== (now.get(line.id) ?? 0))
    .map((line) => ({
      purchaseOrderId: po.id,
      lineId: line.id,
      variantId: line.variantId,
      warehouseId,
      receivedQuantity: line.receivedQuantity,
      amountCents: now.get(line.id) ?? 0,
    }));
}
