import type { InternalVariant, LineInput, Offer } from '@stockyard/contracts';
import type { OrderLine } from './purchase-order';
import { unitCostRequired, unknownVariants } from './purchase-order.errors';

/**
 * The supplier's offer a line is priced by, of the offers of one source for a variant: the
 * preferred one, else the cheapest with a cost, else any (its SKU still names the item).
 */
export function offerFor(offers: readonly Offer[], variantId: string): Offer | undefined {
  const mine = offers.filter((o) => o.variantId === variantId);
  const priced = mine.filter((o) => o.cost !== null).sort((a, b) => a.cost! - b.cost!);
  return mine.find((o) => o.preferred) ?? priced[0] ?? mine[0];
}

/**
 * Lines from their inputs: `supplierSku` from the supplier's offer when not given; `unitCost`
 * from the offer's cost, else the variant's cost, else 422 `unit_cost_required`. A variant the
 * catalog does not know is 422 `unknown_variant`.
 */
export function priceLines(
  inputs: readonly LineInput[],
  variants: readonly InternalVariant[],
  offers: readonly Offer[],
  newLineId: () => string,
): OrderLine[] {
  const byId = new Map(variants.map((v) => [v.id, v]));
  const unknown = [...new Set(inputs.map((i) => i.variantId).filter((id) => !byId.has(id)))];
  if (unknown.length) throw unknownVariants(unknown);
  const lines = inputs.map((input) => {
    const variant = byId.get(input.variantId)!;
    const offer = offerFor(offers, input.variantId);
    const offerCost = offer?.cost ?? null;
    return {
      id: newLineId(),
      variantId: input.variantId,
      sku: variant.sku,
      name: variant.name ?? variant.productName,
      supplierSku: input.supplierSku ?? offer?.sku ?? null,
      quantity: input.quantity,
      unitCost: (input.unitCost ?? offerCost ?? variant.cost) as number,
      receivedQuantity: 0,
      reservationIds: [],
    };
  });
  const uncosted = lines.filter((l) => l.unitCost === null).map((l) => l.variantId);
  if (uncosted.length) throw unitCostRequired([...new Set(uncosted)]);
  return lines;
}

/** Whether pricing needs the supplier's offers (a line lacks its cost or its supplier SKU). */
export const needsOffers = (inputs: readonly LineInput[]) =>
  inputs.some((i) => i.unitCost === undefined || i.supplierSku === undefined);
