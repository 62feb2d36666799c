import {
  fromUnits,
  QUANTITY_SCALE,
  toUnits,
  type Offer,
  type ReorderLevel,
  type ReorderSuggestion,
} from '@stockyard/contracts';

/** What the catalog says of a variant's supplier (null fields: not known). */
export interface SupplierTerms {
  sourceChannelId: string;
  supplierSku: string | null;
  unitCost: number | null;
  currency: string | null;
  leadTimeDays: number | null;
}

/** What one (variant, warehouse) row is computed from: its level, its sales in the window, its supplier. */
export interface SuggestionInput {
  level: ReorderLevel;
  /** Units sold in the window, in integer units of 1/10,000 (toUnits). */
  soldUnits: number;
  days: number;
  /** Open purchase-order quantity (ordered − received on purchasing's open orders; 0 when none). */
  incoming: number;
  supplier: SupplierTerms | undefined;
  label: { sku: string | null; name: string | null } | undefined;
}

/**
 * The supplier of a variant, as purchasing picks it for orders from requirements: its preferred
 * offer, else the offer with the lowest non-null cost (ties: the smaller source id).
 */
export function supplierOffer(offers: readonly Offer[], variantId: string): Offer | undefined {
  const mine = offers
    .filter((o) => o.variantId === variantId)
    .sort((a, b) => (a.cost ?? Infinity) - (b.cost ?? Infinity) || a.sourceChannelId.localeCompare(b.sourceChannelId));
  return mine.find((o) => o.preferred) ?? mine.find((o) => o.cost !== null);
}

/** Whole units at or above a quantity in units (a velocity's cover is ordered by the piece). */
const ceilToWhole = (units: number) => Math.ceil(units / QUANTITY_SCALE) * QUANTITY_SCALE;

/**
 * The suggested quantity, in units, and the rule it follows. With a min or max on the stock rows
 * (`min_max`): when available + incoming is below the reorder point (the min, else the max), order
 * up to the max (the min when there is none or it is lower), as purchasing's orders from
 * requirements do. Without either (`velocity`): order up to the sales of the lead time + `days`
 * (velocity × (leadTimeDays + days), up to whole units), less available + incoming. Never negative.
 */
export function suggestedUnits(input: SuggestionInput): { rule: ReorderSuggestion['rule']; units: number } {
  const { level, soldUnits, days } = input;
  const projected = toUnits(level.available) + toUnits(input.incoming);
  const { minQuantity: min, maxQuantity: max } = level;
  if (min !== null || max !== null) {
    const point = toUnits(min ?? max!);
    const target = Math.max(toUnits(max ?? min!), toUnits(min ?? 0));
    return { rule: 'min_max', units: projected < point ? Math.max(0, target - projected) : 0 };
  }
  const leadTime = input.supplier?.leadTimeDays ?? 0;
  const target = ceilToWhole((soldUnits * (leadTime + days)) / days);
  return { rule: 'velocity', units: Math.max(0, target - projected) };
}

/** One row of the report: velocity to 4 decimals, days of cover to 2 (0 when oversold, null without sales). */
export function reorderSuggestion(input: SuggestionInput): ReorderSuggestion {
  const { level, soldUnits, days, supplier, label } = input;
  const cover = soldUnits > 0 ? Math.max(0, (toUnits(level.available) * days) / soldUnits) : null;
  const { rule, units } = suggestedUnits(input);
  return {
    variantId: level.variantId,
    sku: label?.sku ?? null,
    name: label?.name ?? null,
    warehouseId: level.warehouseId,
    onHand: level.onHand,
    reserved: level.reserved,
    available: level.available,
    minQuantity: level.minQuantity,
    maxQuantity: level.maxQuantity,
    sold: fromUnits(soldUnits),
    velocity: fromUnits(Math.round(soldUnits / days)),
    daysOfCover: cover === null ? null : Math.round(cover * 100) / 100,
    incoming: input.incoming,
    sourceChannelId: supplier?.sourceChannelId ?? null,
    supplierSku: supplier?.supplierSku ?? null,
    leadTimeDays: supplier?.leadTimeDays ?? null,
    unitCost: supplier?.unitCost ?? null,
    currency: supplier?.currency ?? null,
    rule,
    suggestedQuantity: fromUnits(units),
  };
}
