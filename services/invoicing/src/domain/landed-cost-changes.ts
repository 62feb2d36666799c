import {
  MANUAL_ALLOCATION_TOLERANCE,
  type InternalPurchaseOrder,
  type SetManualAllocations,
  type UpdateLandedCost,
} from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { lineNotOnOrder } from './invoice.errors';
import { computeAllocations, type LandedCost } from './landed-cost';
import { allocationsSumMismatch, manualNotAllocated } from './landed-cost.errors';
import { fromCents, sumCents, toCents } from '@stockyard/contracts';

type Change = Decision<LandedCost, LandedCost>;
/** What a computed allocation reads: the order's lines now, and the variants' weights (BY_WEIGHT). */
export interface AllocationBasis {
  po: InternalPurchaseOrder;
  weights: ReadonlyMap<string, number | null>;
}

const changed = (next: LandedCost): Change => ({ state: next, result: next });

/** The cost with its allocations computed again by its method (replacing the old ones); refused for MANUAL. */
export function allocateLandedCost(cost: LandedCost, basis: AllocationBasis, now: Date): Change {
  if (cost.allocationMethod === 'MANUAL') throw manualNotAllocated();
  const allocations = computeAllocations(cost.amount, basis.po, cost.allocationMethod, basis.weights);
  return changed({ ...cost, allocations, allocatedAt: now });
}

/** PUT …/allocations: replaces them and sets MANUAL; each on a line of the order, summing to the amount ±0.01. */
export function setManualAllocations(
  cost: LandedCost,
  body: SetManualAllocations,
  po: InternalPurchaseOrder,
  now: Date,
): Change {
  const lineIds = new Set(po.lines.map((l) => l.id));
  const stranger = body.allocations.find((a) => !lineIds.has(a.purchaseOrderLineId));
  if (stranger) throw lineNotOnOrder(stranger.purchaseOrderLineId);
  const sum = sumCents(body.allocations.map((a) => toCents(a.amount)));
  if (Math.abs(sum - toCents(cost.amount)) > toCents(MANUAL_ALLOCATION_TOLERANCE)) {
    throw allocationsSumMismatch(fromCents(sum), cost.amount);
  }
  const allocations = body.allocations.map((a) => ({ purchaseOrderLineId: a.purchaseOrderLineId, amount: a.amount }));
  return changed({ ...cost, allocationMethod: 'MANUAL', allocations, allocatedAt: now });
}

/**
 * PUT /landed-costs/{id}: the fields given change. A new amount or method re-runs the allocation
 * unless the method is MANUAL; a MANUAL cost whose amount changes loses its allocations (they no
 * longer sum to it) until they are set again.
 */
export function updateLandedCost(
  cost: LandedCost,
  patch: UpdateLandedCost,
  basis: AllocationBasis | null,
  now: Date,
): Change {
  const next = {
    ...cost,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  };
  const moved = next.amount !== cost.amount || next.allocationMethod !== cost.allocationMethod;
  if (!moved) return changed(next);
  if (next.allocationMethod !== 'MANUAL') return allocateLandedCost(next, basis!, now);
  return changed(next.amount !== cost.amount ? { ...next, allocations: [], allocatedAt: null } : next);
}

/** DELETE: no allocations left, marked deleted (the tombstone's write carries the event of the lines it leaves). */
export function deleteLandedCost(cost: LandedCost, now: Date): Change {
  return changed({ ...cost, allocations: [], allocatedAt: null, deletedAt: now });
}
