import { addQuantities } from '@stockyard/contracts';
import type { InternalVariant, Offer, ReorderLevel, RequirementRequest, RequirementSkip } from '@stockyard/contracts';
import { pairKey } from './on-order';

/** What one (variant, warehouse) below its reorder point needs from its supplier. */
export interface Need {
  variantId: string;
  sku: string | null;
  name: string | null;
  supplierSku: string | null;
  quantity: number;
  unitCost: number;
}

/** The needs of one supplier into one warehouse: one DRAFT order (new, or an existing one appended to). */
export interface SupplierNeeds {
  channelId: string;
  supplierName: string;
  currency: string;
  warehouseId: string;
  needs: Need[];
}

export interface RequirementPlan {
  groups: SupplierNeeds[];
  skipped: RequirementSkip[];
}

/** Below its reorder point (`minQuantity`; a level without one is no requirement) on available alone. */
export const belowReorderPoint = (level: ReorderLevel) =>
  level.minQuantity !== null && level.available < level.minQuantity;

/**
 * The supplier of a variant: the source of its preferred offer, else the live source with the
 * lowest non-null cost (ties: the smaller source id, so the choice is stable). Offers come from
 * live sources only (the catalog's offer batch).
 */
export function supplierOffer(offers: readonly Offer[], variantId: string): Offer | undefined {
  const mine = offers
    .filter((o) => o.variantId === variantId)
    .sort((a, b) => (a.cost ?? Infinity) - (b.cost ?? Infinity) || a.sourceChannelId.localeCompare(b.sourceChannelId));
  return mine.find((o) => o.preferred) ?? mine.find((o) => o.cost !== null);
}

/**
 * The plan for reorder levels: each one whose projected quantity (available + on order) is below
 * its `minQuantity` orders up to `maxQuantity` (or `minQuantity` without one, or when the max is
 * lower), from its supplier, grouped by (supplier, warehouse). Pure: the reads are the caller's.
 */
export function planRequirements(
  levels: readonly ReorderLevel[],
  onOrder: ReadonlyMap<string, number>,
  offers: readonly Offer[],
  variants: readonly InternalVariant[],
): RequirementPlan {
  const wants: RequirementRequest[] = [];
  const covered: RequirementSkip[] = [];
  for (const { variantId, warehouseId, ...level } of levels.filter(belowReorderPoint)) {
    const projected = addQuantities(level.available, onOrder.get(pairKey(variantId, warehouseId)) ?? 0);
    const min = level.minQuantity!;
    if (projected >= min) covered.push({ variantId, warehouseId, reason: 'already_covered' });
    else
      wants.push({
        variantId,
        warehouseId,
        quantity: addQuantities(Math.max(level.maxQuantity ?? min, min), -projected),
      });
  }
  const plan = planRequests(wants, offers, variants);
  return { groups: plan.groups, skipped: [...covered, ...plan.skipped] };
}

/**
 * The plan for quantities given (reorder suggestions): each ordered as given from its variant's
 * supplier, grouped by (supplier, warehouse); skipped, with why, when the variant is unknown, no
 * supplier offers it or no cost is known. Pure: the reads are the caller's.
 */
export function planRequests(
  requests: readonly RequirementRequest[],
  offers: readonly Offer[],
  variants: readonly InternalVariant[],
): RequirementPlan {
  const byId = new Map(variants.map((v) => [v.id, v]));
  const groups = new Map<string, SupplierNeeds>();
  const skipped: RequirementSkip[] = [];
  for (const { variantId, warehouseId, quantity } of requests) {
    const skip = (reason: RequirementSkip['reason']) => skipped.push({ variantId, warehouseId, reason });
    const variant = byId.get(variantId);
    if (!variant) {
      skip('unknown_variant');
      continue;
    }
    const offer = supplierOffer(offers, variantId);
    if (!offer) {
      skip('no_source');
      continue;
    }
    const unitCost = offer.cost ?? variant.cost;
    if (unitCost === null) {
      skip('unit_cost_required');
      continue;
    }
    const key = `${offer.sourceChannelId}\u0000${warehouseId}`;
    const group = groups.get(key) ?? {
      channelId: offer.sourceChannelId,
      supplierName: offer.sourceName,
      currency: offer.currency,
      warehouseId,
      needs: [],
    };
    groups.set(key, group);
    group.needs.push({
      variantId,
      sku: variant.sku,
      name: variant.name ?? variant.productName,
      supplierSku: offer.sku,
      quantity,
      unitCost,
    });
  }
  return { groups: [...groups.values()], skipped };
}
