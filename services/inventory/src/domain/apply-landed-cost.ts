import { fromUnits, toUnits, type LandedCostApplied } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { allocateCost } from './allocate-cost';
import { layerUnits, poolUnits, type CostPool } from './cost-layer';
import type { AppliedLandedCost, StockLevel } from './stock-level';
import type { CostContext, ValuationEntry } from './valuation-entry';
import { valuationRecorded } from './valuation-recorded';

type LandedCostLine = LandedCostApplied['lines'][number];

/**
 * Of the line's received quantity, what is still on hand: its own layers (by origin, in any
 * warehouse: transfers carry them), else, in a moving-average pool that has mixed them, the pool's
 * quantity in the line's warehouse; never more than was received. The rest is sold.
 */
export function lineOnHand(pools: readonly CostPool[], line: LandedCostLine): { onHand: number; sold: number } {
  const origin = `${line.purchaseOrderId}:${line.lineId}`;
  const own = pools.flatMap((p) => p.layers).filter((l) => l.origin === origin);
  const home = pools.find((p) => p.warehouseId === line.warehouseId);
  const units =
    own.length > 0
      ? own.reduce((sum, l) => sum + layerUnits(l), 0)
      : home?.method === 'MOVING_AVERAGE'
        ? poolUnits(home)
        : 0;
  const received = Math.max(0, toUnits(line.receivedQuantity));
  const onHand = Math.min(received, units);
  return { onHand: fromUnits(onHand), sold: fromUnits(received - onHand) };
}

/**
 * An entry's cause: the allocation's key, `<landedCostId>:<lineId>:<revision>`. Entry rows are
 * keyed by their cause (store/valuation-rows.ts), so it names one change of one line: the same
 * cost's other lines (other variants) and revisions make rows of their own.
 */
const causeOf = (key: string, revision: number, at: Date): CostContext => ({
  cause: { type: 'landed_cost', id: `${key}:${revision}` },
  at,
});

/**
 * A landed cost's revision on this variant's lines: each line whose applied revision is older
 * takes the difference between its amount now and what was applied (allocateCost: its layers on
 * hand, the sold part to cost of goods sold), one LANDED_COST entry per warehouse and change,
 * caused by the cost's line at that revision; the revision and amount are recorded on the level
 * in the same write, so a redelivery, or an older revision arriving late, changes nothing. No layer (a level with
 * no stock yet, a line all sold): all of it to cost of goods sold. Answers the entries it made.
 */
export function applyLandedCost(
  level: StockLevel,
  event: Pick<LandedCostApplied, 'landedCostId' | 'revision' | 'lines'>,
  at: Date,
): Decision<StockLevel, { entries: ValuationEntry[] }> {
  let pools: CostPool[] = level.costPools ?? [];
  const records = new Map((level.landedCosts ?? []).map((r) => [r.key, r]));
  const entries: ValuationEntry[] = [];
  let moved = false;
  for (const line of event.lines.filter((l) => l.variantId === level.variantId)) {
    const key = `${event.landedCostId}:${line.lineId}`;
    const applied = records.get(key);
    if (applied && applied.revision >= event.revision) continue;
    const deltaCents = line.amountCents - (applied?.cents ?? 0);
    if (deltaCents !== 0) {
      const origin = `${line.purchaseOrderId}:${line.lineId}`;
      const allocation = { amountCents: deltaCents, origin, warehouseId: line.warehouseId, ...lineOnHand(pools, line) };
      const change = allocateCost(pools, { kind: 'LANDED_COST', ...allocation }, causeOf(key, event.revision, at));
      pools = change.pools;
      entries.push(...change.entries);
    }
    records.set(key, { key, revision: event.revision, cents: line.amountCents });
    moved = true;
  }
  if (!moved) return { result: { entries } };
  const landedCosts: AppliedLandedCost[] = [...records.values()];
  const state = { ...level, costPools: pools, landedCosts };
  return { state, events: entries.length ? [valuationRecorded(level, entries)] : [], result: { entries } };
}
