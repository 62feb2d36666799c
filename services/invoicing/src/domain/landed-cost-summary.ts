import type { InternalPurchaseOrder, LandedCostSummary } from '@stockyard/contracts';
import { largestRemainder } from './allocation';
import type { Invoice } from './invoice';
import type { LandedCost } from './landed-cost';
import { fromCents, fromUnits, sumCents, timesCents, toCents, toUnits } from '@stockyard/contracts';

/** A line's landed cost split over its units on hand and sold, exactly (largest remainder). */
function split(landed: number, onHand: number, sold: number): [number, number] {
  if (onHand + sold === 0 || landed <= 0) return [landed, 0];
  const shares = [
    { key: 'onHand', rank: 0, weight: BigInt(onHand) },
    { key: 'sold', rank: 1, weight: BigInt(sold) },
  ];
  const parts = largestRemainder(landed, shares);
  return [parts.get('onHand')!, parts.get('sold')!];
}

/**
 * GET …/landed-costs/summary: per line and in total, the received quantity, its base cost
 * (received × unit cost), the landed costs allocated to it (split over units on hand and sold:
 * we report both and rewrite no history), the cost variances of the live standard invoices
 * matched to it, and the per-unit landed cost (base + landed + variances) / received. `onHand`
 * is inventory's split of each line (by purchase-order line id; absent: none on hand), the one its
 * cost layers take a landed cost by.
 */
export function landedCostSummary(
  po: InternalPurchaseOrder,
  costs: readonly LandedCost[],
  invoices: readonly Invoice[],
  onHand: ReadonlyMap<string, number>,
): LandedCostSummary {
  const sums = { received: 0, base: 0, landed: 0, onHand: 0, sold: 0, variance: 0 };
  const lines = po.lines.map((line) => {
    const received = Math.max(0, toUnits(line.receivedQuantity));
    const base = timesCents(line.receivedQuantity, toCents(line.unitCost));
    const landed = sumCents(
      costs.flatMap((c) =>
        c.allocations.filter((a) => a.purchaseOrderLineId === line.id).map((a) => toCents(a.amount)),
      ),
    );
    const variance = sumCents(
      invoices
        .filter((inv) => inv.invoiceType === 'INVOICE' && !inv.deletedAt)
        .flatMap((inv) => inv.lines.filter((l) => l.purchaseOrderLineId === line.id))
        .map((l) => toCents(l.costVariance ?? 0)),
    );
    const onHandQty = Math.min(received, Math.max(0, toUnits(onHand.get(line.id) ?? 0)));
    const [landedOnHand, landedSold] = split(landed, onHandQty, received - onHandQty);
    const total = base + landed + variance;
    for (const [k, v] of [
      ['received', received],
      ['base', base],
      ['landed', landed],
      ['onHand', landedOnHand],
      ['sold', landedSold],
      ['variance', variance],
    ] as const)
      sums[k] += v;
    return {
      purchaseOrderLineId: line.id,
      variantId: line.variantId,
      sku: line.sku,
      receivedQuantity: fromUnits(received),
      onHandQuantity: fromUnits(onHandQty),
      soldQuantity: fromUnits(received - onHandQty),
      unitCost: line.unitCost,
      baseCost: fromCents(base),
      landedCost: fromCents(landed),
      landedCostOnHand: fromCents(landedOnHand),
      landedCostSold: fromCents(landedSold),
      invoiceVariance: fromCents(variance),
      totalCost: fromCents(total),
      perUnitLandedCost: received > 0 ? Math.round((total * 10_000) / received) / 100 : null,
    };
  });
  return {
    purchaseOrderId: po.id,
    orderNumber: po.orderNumber,
    lines,
    totals: {
      receivedQuantity: fromUnits(sums.received),
      baseCost: fromCents(sums.base),
      landedCost: fromCents(sums.landed),
      landedCostOnHand: fromCents(sums.onHand),
      landedCostSold: fromCents(sums.sold),
      invoiceVariance: fromCents(sums.variance),
      totalCost: fromCents(sums.base + sums.landed + sums.variance),
    },
  };
}
