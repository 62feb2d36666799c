import type { OrderLineCost } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { allocateCost, type CostAllocation } from './allocate-cost';
import type { CostPool } from './cost-layer';
import { lineOnHand } from './line-on-hand';
import type { AppliedCost, StockLevel } from './stock-level';
import type { CostContext, ValuationCause, ValuationEntry } from './valuation-entry';
import { valuationRecorded } from './valuation-recorded';

/**
 * A revision of what one source puts on purchase-order lines: a landed cost's allocations
 * (`landed_cost.applied`) or an invoice's cost variances (`invoice_variance.applied`), each line's
 * whole amount then.
 */
export interface LineCostRevision {
  kind: CostAllocation['kind'];
  /** The landed cost's or the invoice's id. */
  sourceId: string;
  revision: number;
  lines: readonly OrderLineCost[];
}

/** Per kind: the cause type its entries name and where the level records what it applied. */
const BY_KIND = {
  LANDED_COST: { cause: 'landed_cost', records: 'landedCosts' },
  COST_VARIANCE: { cause: 'invoice_line', records: 'costVariances' },
} as const satisfies Record<LineCostRevision['kind'], { cause: ValuationCause['type']; records: keyof StockLevel }>;

/**
 * An entry's cause: `<sourceId>:<lineId>:<revision>` (a landed cost's or an invoice's line). Entry
 * rows are keyed by their cause (store/valuation-rows.ts), so it names one change of one line: the
 * source's other lines (other variants) and revisions make rows of their own.
 */
const causeOf = (type: ValuationCause['type'], key: string, revision: number, at: Date): CostContext => ({
  cause: { type, id: `${key}:${revision}` },
  at,
});

/**
 * A source's revision on this variant's lines, the one path of landed costs and invoice variances:
 * each line whose applied revision is older takes the difference between its amount now and what
 * was applied (allocateCost: its layers on hand, the sold part to cost of goods sold; a negative
 * difference takes a layer down to 0 at most, the rest to cost of goods sold), one entry of the
 * kind per warehouse and change, caused by the source's line at that revision; the revision and
 * amount are recorded on the level (by kind) in the same write, so a redelivery, or an older
 * revision arriving late, changes nothing. No layer (a level with no stock yet, a line all sold):
 * all of it to cost of goods sold. Answers the entries it made.
 */
export function applyLineCost(
  level: StockLevel,
  change: LineCostRevision,
  at: Date,
): Decision<StockLevel, { entries: ValuationEntry[] }> {
  const { cause, records: field } = BY_KIND[change.kind];
  let pools: CostPool[] = level.costPools ?? [];
  const records = new Map((level[field] ?? []).map((r) => [r.key, r]));
  const entries: ValuationEntry[] = [];
  let moved = false;
  for (const line of change.lines.filter((l) => l.variantId === level.variantId)) {
    const key = `${change.sourceId}:${line.lineId}`;
    const applied = records.get(key);
    if (applied && applied.revision >= change.revision) continue;
    const deltaCents = line.amountCents - (applied?.cents ?? 0);
    if (deltaCents !== 0) {
      const origin = `${line.purchaseOrderId}:${line.lineId}`;
      const split = lineOnHand(pools, { ...line, origin });
      const allocation = { amountCents: deltaCents, origin, warehouseId: line.warehouseId, ...split };
      const done = allocateCost(pools, { kind: change.kind, ...allocation }, causeOf(cause, key, change.revision, at));
      pools = done.pools;
      entries.push(...done.entries);
    }
    records.set(key, { key, revision: change.revision, cents: line.amountCents });
    moved = true;
  }
  if (!moved) return { result: { entries } };
  const applied: AppliedCost[] = [...records.values()];
  const state = { ...level, costPools: pools, [field]: applied };
  return { state, events: entries.length ? [valuationRecorded(level, entries)] : [], result: { entries } };
}
