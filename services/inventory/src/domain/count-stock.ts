import { fromUnits, toUnits, type CountDiff, type CountResult } from '@stockyard/contracts';
import type { CostingMethod } from './cost-layer';
import { settle, type LevelChange, type MovementIds } from './level-change';
import { costStock } from './movement-cost';
import { hasApplied, remember } from './operations';
import { adjustLocation, onHandAt, round, type StockLevel } from './stock-level';
import { duplicateCountLine } from './stock.errors';

export interface CountLine {
  variantId: string;
  binId: string | null;
  countedQuantity: number;
}

/** Two lines for the same variant and location would make the count ambiguous. */
export function assertDistinctLines(lines: CountLine[]): void {
  const seen = new Set<string>();
  for (const line of lines) {
    const key = `${line.variantId}\u0000${line.binId ?? ''}`;
    if (seen.has(key)) throw duplicateCountLine(line.variantId, line.binId);
    seen.add(key);
  }
}

export function countDiffs(level: StockLevel, warehouseId: string, lines: CountLine[]): CountDiff[] {
  return lines.map((line) => {
    const onHand = onHandAt(level, { warehouseId, binId: line.binId });
    return {
      variantId: line.variantId,
      binId: line.binId,
      onHand,
      countedQuantity: line.countedQuantity,
      difference: round(line.countedQuantity - onHand),
    };
  });
}

interface CountApplied extends LevelChange {
  results: CountResult[];
}

/**
 * Sets each counted location of one variant to the counted quantity, recording a COUNT
 * movement per difference. The count id is an operation key on the variant's document:
 * a second apply of the same count changes nothing and says so (`applied: false`).
 */
export function applyCount(
  level: StockLevel,
  warehouseId: string,
  lines: CountLine[],
  countId: string,
  reason: string,
  ids: MovementIds,
  now: Date,
  method: CostingMethod,
): CountApplied {
  const diffs = countDiffs(level, warehouseId, lines);
  const key = `count:${countId}`;
  if (hasApplied(level, key)) {
    return {
      events: [],
      results: diffs.map((d) => ({ ...d, difference: 0, onHand: d.onHand, countId, applied: false, movementId: null })),
    };
  }
  let locations = level.locations;
  const changed = diffs.filter((d) => d.difference !== 0);
  for (const d of changed) locations = adjustLocation({ locations }, { warehouseId, binId: d.binId }, d.difference);
  const drafts = changed.map((d) => ({
    warehouseId,
    binId: d.binId,
    type: 'COUNT' as const,
    quantity: d.difference,
    reason,
    reference: countId,
  }));
  const change = costCount(
    level,
    settle(level, { locations, operations: remember(level, key, now) }, drafts, ids, now),
    changed,
    method,
  );
  const movementOf = (d: CountDiff) => change.movements!.find((m) => m.binId === d.binId)?.id ?? null;
  const results = diffs.map((d) => ({
    ...d,
    countId,
    applied: true,
    movementId: d.difference === 0 ? null : movementOf(d),
  }));
  return { ...change, results };
}

/**
 * A count's cost is its net change in the warehouse: stock found in one bin and missing from
 * another moved between them, which is not costed. The net comes in at the average or goes out
 * at cost, caused by the count's first movement (they share its reference, the count id).
 */
function costCount(
  level: StockLevel,
  change: LevelChange,
  changed: readonly CountDiff[],
  method: CostingMethod,
): LevelChange {
  const net = fromUnits(changed.reduce((sum, d) => sum + toUnits(d.difference), 0));
  if (net === 0) return change;
  return costStock(level, change, method, change.movements![0]!, 'COUNT', net);
}
