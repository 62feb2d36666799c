import type { InvoiceLine } from './invoice';
import { lineNotOnOrder } from './invoice.errors';
import { fromCents, subtractQuantities, timesCents, toCents } from '@stockyard/contracts';

/** What a purchase-order line gives matching: its cost and receipts, and the SKUs auto-match compares. */
export interface OrderLineBasis {
  id: string;
  variantId: string;
  unitCost: number;
  receivedQuantity: number;
  /** Our SKU when the line was added, the supplier's SKU, and the variant's SKU now (catalog). */
  skus: (string | null)[];
}

/** The organization's match tolerance: the greater of a percent of the PO value and an absolute amount. */
export interface Tolerance {
  percent: number;
  amount: number;
}

/** The purchase order's lines by id and the tolerance, for every change of an invoice's matching. */
export interface MatchContext {
  lines: ReadonlyMap<string, OrderLineBasis>;
  tolerance: Tolerance;
}

/**
 * A line matched to `basis`: quantityVariance = invoiced − received quantity, costVariance =
 * (invoice − PO unit cost) × invoiced quantity, in exact cents. Within tolerance when neither the
 * cost variance nor the value of the quantity invoiced beyond what was received exceeds the
 * greater of `percent` of the PO value of the invoiced quantity and `amount`.
 */
export function matchedLine(line: InvoiceLine, basis: OrderLineBasis, tolerance: Tolerance): InvoiceLine {
  const poCents = toCents(basis.unitCost);
  const quantityVariance = subtractQuantities(line.quantity, basis.receivedQuantity);
  const costCents = timesCents(line.quantity, toCents(line.unitCost) - poCents);
  const poValue = timesCents(line.quantity, poCents);
  const allowed = Math.max(Math.round((poValue * toCents(tolerance.percent)) / 10_000), toCents(tolerance.amount));
  const overReceived = quantityVariance > 0 ? timesCents(quantityVariance, poCents) : 0;
  return {
    ...line,
    purchaseOrderLineId: basis.id,
    quantityVariance,
    costVariance: fromCents(costCents),
    withinTolerance: Math.abs(costCents) <= allowed && overReceived <= allowed,
    purchaseOrderUnitCost: basis.unitCost,
    receivedQuantity: basis.receivedQuantity,
  };
}

export const unmatchedLine = (line: InvoiceLine): InvoiceLine => ({
  ...line,
  purchaseOrderLineId: null,
  quantityVariance: null,
  costVariance: null,
  withinTolerance: null,
  purchaseOrderUnitCost: null,
  receivedQuantity: null,
});

/** The basis of a PO line the invoice names, or 422 when it is not a line of the invoice's order. */
export function basisOf(context: MatchContext | null, poLineId: string): OrderLineBasis {
  const basis = context?.lines.get(poLineId);
  if (!basis) throw lineNotOnOrder(poLineId);
  return basis;
}

/**
 * Every matched line's variances computed again against the order as it is now (received
 * quantities move as goods arrive); a line whose PO line is gone keeps what it had.
 */
export function rematch(lines: readonly InvoiceLine[], context: MatchContext | null): InvoiceLine[] {
  if (!context) return [...lines];
  return lines.map((line) => {
    const basis = line.purchaseOrderLineId ? context.lines.get(line.purchaseOrderLineId) : undefined;
    return basis ? matchedLine(line, basis, context.tolerance) : line;
  });
}

const skuKey = (sku: string) => sku.trim().toUpperCase();

/**
 * Auto-match: each unmatched line whose `vendorSku` equals (trimmed, in any case) a PO line's
 * supplier SKU or variant SKU is matched to the first such line in the order's order.
 */
export function autoMatch(
  lines: readonly InvoiceLine[],
  context: MatchContext,
): { lines: InvoiceLine[]; matched: number } {
  const bySku = new Map<string, OrderLineBasis>();
  for (const basis of context.lines.values()) {
    for (const sku of basis.skus) if (sku && !bySku.has(skuKey(sku))) bySku.set(skuKey(sku), basis);
  }
  const next = lines.map((line) => {
    const basis = !line.purchaseOrderLineId && line.vendorSku ? bySku.get(skuKey(line.vendorSku)) : undefined;
    return basis ? matchedLine(line, basis, context.tolerance) : line;
  });
  return { lines: next, matched: next.filter((line, i) => line !== lines[i]).length };
}
