import { COSTING_METHODS, fromUnits, timesCents } from '@stockyard/contracts';
import fc from 'fast-check';
import { applyLineCost, type LineCostRevision } from '../../src/domain/apply-line-cost';
import { addStockCost, receiveCost } from '../../src/domain/cost-in';
import { emptyPool, poolUnits, type CostingMethod, type CostPool } from '../../src/domain/cost-layer';
import { takeStockCost } from '../../src/domain/cost-out';
import type { StockLevel } from '../../src/domain/stock-level';
import { switchMethod } from '../../src/domain/switch-method';
import { transferCost } from '../../src/domain/transfer-cost';
import type { CostContext, ValuationEntry } from '../../src/domain/valuation-entry';

export const WAREHOUSES = ['wh_a', 'wh_b'];
// Line ids are unique across orders (generated ids): the level keys what a source applied by `<sourceId>:<lineId>`.
const LINES = ['po_1:line_1', 'po_1:line_2', 'po_2:line_3'];

/** How much an out takes: a share of what the pool holds (all inventory allows), or any quantity, beyond it too. */
type Out = { percent: number } | { units: number };

type OutStep = { op: 'sell' | 'adjustOut' | 'transfer'; wh: number; out: Out };

type Step =
  | { op: 'receive'; wh: number; units: number; unitCostCents: number; line: number }
  | OutStep
  | { op: 'adjustIn' | 'return'; wh: number; units: number; unitCostCents: number | null }
  | { op: 'count'; wh: number; percent: number }
  /** A source's new revision on a line (landed costs: even ids, invoice variances: odd), or its first one again. */
  | { op: 'allocate'; id: number; amountCents: number | null; line: number; wh: number; replay: boolean }
  | { op: 'switch'; method: CostingMethod };

/** Whole quantities mostly, and some with 4 decimals (units of 1/10,000). */
const units = fc.oneof(
  fc.integer({ min: 1, max: 40 }).map((q) => q * 10_000),
  fc.integer({ min: 1, max: 400_000 }),
);
const wh = fc.integer({ min: 0, max: 1 });
const out: fc.Arbitrary<Out> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 100 }).map((percent) => ({ percent })) },
  { weight: 1, arbitrary: units.map((u) => ({ units: u })) },
);

export const methodArb = fc.constantFrom(...COSTING_METHODS);
export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('receive' as const),
    wh,
    units,
    unitCostCents: fc.integer({ min: 0, max: 100_000 }),
    line: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ op: fc.constantFrom('sell' as const, 'adjustOut' as const, 'transfer' as const), wh, out }),
  fc.record({
    op: fc.constantFrom('adjustIn' as const, 'return' as const),
    wh,
    units,
    unitCostCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
  }),
  fc.record({ op: fc.constant('count' as const), wh, percent: fc.integer({ min: 0, max: 200 }) }),
  fc.record({
    op: fc.constant('allocate' as const),
    id: fc.integer({ min: 0, max: 3 }),
    amountCents: fc.option(fc.integer({ min: -50_000, max: 200_000 })),
    line: fc.integer({ min: 0, max: 2 }),
    wh,
    replay: fc.boolean(),
  }),
  fc.record({ op: fc.constant('switch' as const), method: methodArb }),
);

/** A run: the pools at each boundary (before step 0 … after the last), each step's entries and what it brought in. */
export interface Run {
  pools: CostPool[][];
  entries: ValuationEntry[][];
  brought: { receipts: number; allocated: number }[];
}

interface State {
  pools: CostPool[];
  method: CostingMethod;
  /** What the level recorded of each kind of line cost, as the consumer keeps it. */
  recorded: Pick<StockLevel, 'landedCosts' | 'costVariances'>;
  /** Each source's revisions sent, oldest first, to send one again. */
  sent: Map<number, LineCostRevision[]>;
  /** What each source's line should hold, kept apart from the level: a new revision moves it, a replay not. */
  expected: Map<string, number>;
  received: number[];
}

export function runSteps(method: CostingMethod, steps: readonly Step[]): Run {
  const state: State = {
    pools: WAREHOUSES.map((w) => emptyPool(w, method)),
    method,
    recorded: {},
    sent: new Map(),
    expected: new Map(),
    received: [0, 0, 0],
  };
  const run: Run = { pools: [state.pools], entries: [], brought: [] };
  steps.forEach((step, i) => {
    const context = (half = ''): CostContext => ({
      cause: { type: 'movement', id: `s${i}${half}` },
      at: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    });
    const done = apply(state, step, context);
    state.pools = done.pools;
    run.pools.push(done.pools);
    run.entries.push(done.entries);
    run.brought.push({ receipts: done.receipts ?? 0, allocated: done.allocated ?? 0 });
  });
  return run;
}

interface Applied {
  pools: CostPool[];
  entries: ValuationEntry[];
  receipts?: number;
  allocated?: number;
}

const outUnits = (pool: CostPool, o: Out) => ('units' in o ? o.units : Math.floor((poolUnits(pool) * o.percent) / 100));
const put = (pools: CostPool[], index: number, pool: CostPool) => pools.map((p, i) => (i === index ? pool : p));

/** One step, as the level store would call the engine: the pools first switched to the organization's method. */
function apply(state: State, step: Step, context: (half?: string) => CostContext): Applied {
  const pools = state.pools.map((p) => switchMethod(p, step.op === 'switch' ? step.method : state.method));
  if (step.op === 'switch') {
    state.method = step.method;
    return { pools, entries: [] };
  }
  if (step.op === 'allocate') return allocate(state, pools, step, context());
  const pool = pools[step.wh]!;
  const one = (change: { pool: CostPool; entries: ValuationEntry[] }, receipts?: number): Applied => ({
    pools: put(pools, step.wh, change.pool),
    entries: change.entries,
    receipts,
  });
  switch (step.op) {
    case 'receive': {
      state.received[step.line]! += step.units;
      const receipt = { quantity: fromUnits(step.units), unitCostCents: step.unitCostCents, origin: LINES[step.line] };
      return one(receiveCost(pool, receipt, context()), timesCents(receipt.quantity, step.unitCostCents));
    }
    case 'adjustIn':
    case 'return': {
      const kind = step.op === 'return' ? 'RETURN' : 'ADJUSTMENT';
      return one(addStockCost(pool, kind, fromUnits(step.units), step.unitCostCents, context()));
    }
    case 'count':
      return count(pools, step.wh, step.percent, context());
    default:
      return outOf(pools, step, context);
  }
}

function outOf(pools: CostPool[], step: OutStep, context: (half?: string) => CostContext): Applied {
  const quantity = fromUnits(outUnits(pools[step.wh]!, step.out));
  if (quantity === 0) return { pools, entries: [] };
  if (step.op === 'transfer') {
    const moved = transferCost(pools[step.wh]!, pools[1 - step.wh]!, quantity, context(':out'), context(':in'));
    return { pools: put(put(pools, step.wh, moved.from), 1 - step.wh, moved.to), entries: moved.entries };
  }
  const taken = takeStockCost(pools[step.wh]!, step.op === 'sell' ? 'SALE' : 'ADJUSTMENT', quantity, context());
  return { pools: put(pools, step.wh, taken.pool), entries: taken.entries };
}

function count(pools: CostPool[], index: number, percent: number, context: CostContext): Applied {
  const have = poolUnits(pools[index]!);
  const difference = Math.floor((have * percent) / 100) - have;
  if (difference === 0) return { pools, entries: [] };
  const change =
    difference > 0
      ? addStockCost(pools[index]!, 'COUNT', fromUnits(difference), null, context)
      : takeStockCost(pools[index]!, 'COUNT', fromUnits(-difference), context);
  return { pools: put(pools, index, change.pool), entries: change.entries };
}

/** The source's new revision for the line (or its first one again, late), as invoicing would send it. */
function revisionOf(state: State, step: Step & { op: 'allocate' }): LineCostRevision {
  const sent = state.sent.get(step.id) ?? [];
  if (step.replay && sent.length > 0) return sent[0]!;
  const [purchaseOrderId, lineId] = LINES[step.line]!.split(':') as [string, string];
  const line = {
    purchaseOrderId,
    lineId,
    variantId: 'var_1',
    warehouseId: WAREHOUSES[step.wh]!,
    receivedQuantity: fromUnits(state.received[step.line]!),
    amountCents: step.amountCents ?? 0,
  };
  const kind = step.id % 2 === 0 ? 'LANDED_COST' : 'COST_VARIANCE';
  const revision: LineCostRevision = {
    kind,
    sourceId: `src_${step.id}`,
    revision: sent.length + 1,
    lines: [line],
  };
  state.sent.set(step.id, [...sent, revision]);
  return revision;
}

/** An allocation brings the difference from what its line held (a replay: nothing), as the consumer applies it. */
function allocate(state: State, pools: CostPool[], step: Step & { op: 'allocate' }, context: CostContext): Applied {
  const replayed = step.replay && state.sent.has(step.id);
  const revision = revisionOf(state, step);
  const line = revision.lines[0]!;
  const key = `${step.id}:${line.lineId}`;
  const allocated = replayed ? 0 : line.amountCents - (state.expected.get(key) ?? 0);
  if (!replayed) state.expected.set(key, line.amountCents);
  const level: StockLevel = { orgId: 'org_1', variantId: 'var_1', locations: [], reserved: 0, version: 1 };
  const { state: after, result } = applyLineCost(
    { ...level, ...state.recorded, costPools: pools },
    revision,
    context.at,
  );
  if (after) state.recorded = { landedCosts: after.landedCosts, costVariances: after.costVariances };
  return { pools: after?.costPools ?? pools, entries: result?.entries ?? [], allocated };
}
