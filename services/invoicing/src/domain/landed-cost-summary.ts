import type { InternalPurchaseOrder, LandedCostSummary } from '@stockyard/contracts';
import { largestRemainder } from './allocation';
import type { Invoice } from './invoice';
import type { LandedCost } from './landed-cost';
import { fromCents, fromUnits, sumCents, timesCents, toCents, toUnits } from '@stockyard/contracts';

/**
 * Of each line's received units, how many are still on hand: the variant's stock (over every
 * warehouse) is taken to hold this order's receipts first, the last line of a variant first (the
 * newest receipts are the last sold). An approximation of FIFO from one figure: see the README.
 */
function onHandUnits(po: InternalPurchaseOrder, onHand: ReadonlyMap<string, number>): Map<string, number> {
  const left = new Map([...onHand].map(([variantId, q]) => [variantId, Math.max(0, toUnits(q))]));
  const units = new Map<string, number>();
  for (const line of [...po.lines].reverse()) {
    const available = left.get(line.variantId) ?? 0;
    const taken = Math.min(available, Math.max(0, toUnits(line.receivedQuantity)));
    units.set(line.id, taken);
    left.set(line.variantId, available - taken);
  }
  return units;
}

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
 * matched to it, and the per-unit landed cost (base + landed + variances) / received.
 */
export function landedCostSummary(
  po: InternalPurchaseOrder,
  costs: readonly LandedCost[],
  invoices: readonly Invoice[],
  onHand: ReadonlyMap<string, number>,
): LandedCostSummary {
  const stocked = onHandUnits(po, onHand);
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
    const onHandQty = stocked.get(line.id) ?? 0;
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
