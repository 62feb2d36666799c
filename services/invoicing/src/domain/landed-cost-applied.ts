import type { EventEnvelope, InternalPurchaseOrder } from '@stockyard/contracts';
import { toCents } from '@stockyard/contracts';
import { newEvent, notFound, type Decision } from '@stockyard/service-kit';
import type { Allocation, LandedCost } from './landed-cost';

const centsByLine = (allocations: readonly Allocation[]) =>
  new Map(allocations.map((a) => [a.purchaseOrderLineId, toCents(a.amount)]));

/**
 * Internal `landed_cost.applied` of a write that moved the cost's allocations from `before` to
 * `after`: each line whose amount changed, with its whole amount at this revision (the cost's
 * version after the write), for inventory to put on the line's cost layers. None when no line
 * moved, for a DROPSHIP order (no warehouse: its goods never enter stock), and for a line the order
 * no longer has (purchasing deletes only lines with nothing received, so no layer holds it).
 */
function landedCostApplied(
  before: Pick<LandedCost, 'allocations' | 'version'>,
  after: Pick<LandedCost, 'id' | 'orgId' | 'allocations'>,
  po: InternalPurchaseOrder,
): EventEnvelope | undefined {
  const { warehouseId } = po;
  if (!warehouseId) return undefined;
  const was = centsByLine(before.allocations);
  const now = centsByLine(after.allocations);
  const lines = po.lines
    .filter((line) => (was.get(line.id) ?? 0) !== (now.get(line.id) ?? 0))
    .map((line) => ({
      purchaseOrderId: po.id,
      lineId: line.id,
      variantId: line.variantId,
      warehouseId,
      receivedQuantity: line.receivedQuantity,
      amountCents: now.get(line.id) ?? 0,
    }));
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
