import type { ImportCounts, ImportRowError } from '@stockyard/contracts';
import type { ParsedRow } from './import-row';
import { applyOffer, costTarget, type CostTarget, type SourceSkuState } from './source-sku';

/** A feed row as read: its line in the file and what parsing it gave. */
export type FeedRow = ParsedRow & { line: number };

interface SkuWritePlan {
  before: SourceSkuState | undefined;
  next: SourceSkuState;
}

interface BatchPlan {
  /** One write per SKU (a SKU twice in the batch: the first state before, the last after). */
  writes: SkuWritePlan[];
  counts: ImportCounts;
  errors: ImportRowError[];
  /** Linked preferred offers whose cost moved: their variants' costs follow. */
  costs: CostTarget[];
}

/**
 * What a batch of feed rows does to the source's SKUs, given what is stored (`stored`: the SKU
 * as it is now, or undefined). Pure. A row that repeats an earlier SKU of the batch sees that
 * row's result; rejected rows change nothing and are reported with their line.
 */
export function planBatch(
  orgId: string,
  sourceChannelId: string,
  rows: readonly FeedRow[],
  stored: (sku: string) => SourceSkuState | undefined,
  now: Date,
): BatchPlan {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  const errors: ImportRowError[] = [];
  const writes = new Map<string, SkuWritePlan>();
  for (const row of rows) {
    if (!row.ok) {
      counts.rejected++;
      errors.push({ line: row.line, sku: row.sku, code: row.code, message: row.message });
      continue;
    }
    const earlier = writes.get(row.sku);
    const current = earlier ? earlier.next : stored(row.sku);
    const { next, outcome } = applyOffer(orgId, sourceChannelId, row.sku, current, row.fields, now);
    counts[outcome]++;
    writes.set(row.sku, { before: earlier ? earlier.before : current, next });
  }
  const changed = [...writes.values()].filter((w) => w.before !== w.next);
  const costs = changed.map((w) => costTarget(w.before, w.next)).filter((t): t is CostTarget => t !== undefined);
  return { writes: changed, counts, errors, costs };
}
