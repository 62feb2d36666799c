import type { EventEnvelope, InternalPurchaseOrder } from '@stockyard/contracts';
import { toCents } from '@stockyard/contracts';
import { newEvent, notFound, type Decision } from '@stockyard/service-kit';
import type { Allocation, LandedCost } from './landed-cost';
import { changedLineCosts } from './order-line-costs';

const centsByLine = (allocations: readonly Allocation[]) =>
  new Map(allocations.map((a) => [a.purchaseOrderLineId, toCents(a.amount)]));

/**
 * Internal `landed_cost.applied` of a write that moved the cost's allocations from `before` to
 * `after`: each line whose amount changed, with its whole amount at this revision (the cost's
 * version after the write), for inventory to put on the line's cost layers (order-line-costs.ts
 * says which lines count).
 */
function landedCostApplied(
  before: Pick<LandedCost, 'allocations' | 'version'>,
  after: Pick<LandedCost, 'id' | 'orgId' | 'allocations'>,
  po: InternalPurchaseOrder,
): EventEnvelope | undefined {
  const lines = changedLineCosts(po, centsByLine(before.allocations), centsByLine(after.allocations));
  if (lines.length === 0) return undefined;
  const revision = before.version + 1;
  return newEvent('landed_cost.applied', { orgId: after.orgId, landedCostId: after.id, revision, lines });
}

type Decide = (cost: LandedCost) => Decision<LandedCost, LandedCost>;

/**
 * The decision with the event of what it moved on the order's lines (`po` as the command read it),
 * in its write; refused on a deleted cost (a change racing a DELETE), as if it were gone.
 */
export const applying =
  (po: InternalPurchaseOrder | null, decide: Decide): Decide =>
  (current) => {
    if (current.deletedAt) throw notFound('Landed cost');
    const decision = decide(current);
    const event = po && decision.state ? landedCostApplied(current, decision.state, po) : undefined;
    return event ? { ...decision, events: [...(decision.events ?? []), event] } : decision;
  };

/** The event of a new cost's allocations: every line given an amount, at revision 1. */
export const createdApplied = (cost: Pick<LandedCost, 'id' | 'orgId' | 'allocations'>, po: InternalPurchaseOrder) =>
  landedCostApplied({ allocations: [], version: 0 }, cost, po);
