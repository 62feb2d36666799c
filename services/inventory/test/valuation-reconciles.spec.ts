import { toUnits } from '@stockyard/contracts';
import fc from 'fast-check';
import { layerUnits, poolUnits, poolValue, type CostPool } from '../src/domain/cost-layer';
import type { ValuationEntry } from '../src/domain/valuation-entry';
import { closingValue, summarizeValuation } from '../src/domain/valuation-summary';
import { methodArb, runSteps, stepArb, WAREHOUSES, type Run } from './support/cost-sequence';

/**
 * Random runs of receipts, sales, transfers, adjusts, counts, returns, method switches and line
 * costs (landed costs and invoice variances, new revisions and replays of the last one) through
 * the engine's pure functions and the consumer's own path (applyLineCost), under either method.
 */
const RUNS = 300;
const sequence = fc.array(stepArb, { minLength: 1, maxLength: 60, size: 'medium' });
const total = (pools: readonly CostPool[]) => pools.reduce((sum, p) => sum + poolValue(p), 0);
const inWarehouse = (entries: readonly ValuationEntry[], w: number) =>
  entries.filter((e) => e.warehouseId === WAREHOUSES[w]);

/** Period bounds: 0, the cuts (fractions of the run's length) and the end, in order. */
const boundsOf = (run: Run, cuts: number[]) =>
  [...new Set([0, ...cuts.map((c) => Math.floor(c * run.entries.length)), run.entries.length])].sort((a, b) => a - b);

/** What is wrong with a pool: a moving average of several layers, layers out of date order, empty or negative ones. */
function poolFaults(pool: CostPool): string[] {
  const dates = pool.layers.map((l) => l.receivedAt.getTime());
  return [
    pool.method === 'MOVING_AVERAGE' && pool.layers.length > 1 ? 'several layers in a moving average' : '',
    dates.some((d, i) => i > 0 && d < dates[i - 1]!) ? 'layers out of date order' : '',
    ...pool.layers.map((l) => (layerUnits(l) > 0 ? '' : `layer of ${l.quantity}`)),
    ...pool.layers.map((l) => (Number.isSafeInteger(l.valueCents) && l.valueCents >= 0 ? '' : `${l.valueCents}¢`)),
  ].filter(Boolean);
}

const wholeAmounts = (e: ValuationEntry) =>
  [e.valueCents, e.cogsCents, e.valueAfterCents].every((c) => Number.isSafeInteger(c)) &&
  [e.quantity, e.quantityAfter].every((q) => toUnits(q) / 10_000 === q);

/** An out takes value (never gives it) and charges COGS only for a sale, with exactly what it took. */
const outAtCost = (e: ValuationEntry) => e.valueCents <= 0 && e.cogsCents === (e.kind === 'SALE' ? -e.valueCents : 0);

/** [units, cents] the entries moved. */
const sumOf = (entries: readonly ValuationEntry[]): [number, number] =>
  entries.reduce<[number, number]>(([u, v], e) => [u + toUnits(e.quantity), v + e.valueCents], [0, 0]);

describe('the valuation ledger (property)', () => {
  it('reconciles any split into periods: end = start + receipts + landed − COGS ± adjusts, counts, transfers', () => {
    fc.assert(
      fc.property(
        methodArb,
        sequence,
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
        (m, steps, cuts) => {
          const run = runSteps(m, steps);
          const bounds = boundsOf(run, cuts);
          for (const [i, start] of bounds.slice(0, -1).entries()) {
            const end = bounds[i + 1]!;
            const period = run.entries.slice(start, end).flat();
            expect(closingValue(total(run.pools[start]!), summarizeValuation(period))).toBe(total(run.pools[end]!));
            for (const w of [0, 1]) {
              const summary = summarizeValuation(inWarehouse(period, w));
              expect(closingValue(poolValue(run.pools[start]![w]!), summary)).toBe(poolValue(run.pools[end]![w]!));
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('never leaves a layer at or below 0 units or below 0 cents, and every amount is whole cents', () => {
    fc.assert(
      fc.property(methodArb, sequence, (m, steps) => {
        const run = runSteps(m, steps);
        expect(run.pools.flat().flatMap(poolFaults)).toEqual([]);
        expect(run.entries.flat().filter((e) => !wholeAmounts(e))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("keeps each warehouse's running quantity and value on its entries, ending at its pool", () => {
    fc.assert(
      fc.property(methodArb, sequence, (m, steps) => {
        const run = runSteps(m, steps);
        const last = run.pools[run.pools.length - 1]!;
        for (const w of [0, 1]) {
          const entries = inWarehouse(run.entries.flat(), w);
          const running = entries.map((_, i) => sumOf(entries.slice(0, i + 1)));
          expect(entries.map((e) => [toUnits(e.quantityAfter), e.valueAfterCents])).toEqual(running);
          expect(sumOf(entries)).toEqual([poolUnits(last[w]!), poolValue(last[w]!)]);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('moves the total value only by receipts, allocated amounts, COGS, adjustments and counts', () => {
    fc.assert(
      fc.property(methodArb, sequence, (m, steps) => {
        const run = runSteps(m, steps);
        const seen = run.entries.map((entries, i) => {
          const s = summarizeValuation(entries);
          const moved = total(run.pools[i + 1]!) - total(run.pools[i]!);
          const unexplained = moved - (s.receipts + s.landedAndVariances - s.cogs + s.adjustments + s.counts);
          const badOuts = entries.filter((e) => e.quantity < 0 && !outAtCost(e)).length;
          return [s.receipts, s.landedAndVariances, s.transfers, s.opening, unexplained, badOuts];
        });
        expect(seen).toEqual(run.brought.map((b) => [b.receipts, b.allocated, 0, 0, 0, 0]));
      }),
      { numRuns: RUNS },
    );
  });
});
