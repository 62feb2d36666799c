import { allocateCost } from '../src/domain/allocate-cost';
import { receiveCost } from '../src/domain/cost-in';
import { poolValue, type CostingMethod } from '../src/domain/cost-layer';
import { takeStockCost } from '../src/domain/cost-out';
import { transferCost } from '../src/domain/transfer-cost';
import type { ValuationEntry } from '../src/domain/valuation-entry';
import { closingValue, summarizeValuation } from '../src/domain/valuation-summary';
import { ctx, pool } from './support/costing';

const line = (n: number) => ({ origin: `po_1:line_${n}`, warehouseId: 'wh_a', kind: 'LANDED_COST' as const });

/**
 * Receive 10 @ $2.00 (line 1) and 10 @ $3.00 (line 2) into A, sell 15 from A, allocate a landed
 * cost of $5.00 to line 2 (5 of its 10 on hand), match an invoice on line 2 with a variance of
 * −$1.00, transfer 2 to B, count A down from 3 to 2.
 */
function run(method: CostingMethod) {
  const entries: ValuationEntry[] = [];
  const keep = <T extends { entries: ValuationEntry[] }>(change: T) => {
    entries.push(...change.entries);
    return change;
  };
  const r1 = keep(receiveCost(pool('wh_a', method), { quantity: 10, unitCostCents: 200, ...line(1) }, ctx('m1', 1)));
  const r2 = keep(receiveCost(r1.pool, { quantity: 10, unitCostCents: 300, ...line(2) }, ctx('m2', 2)));
  const sale = keep(takeStockCost(r2.pool, 'SALE', 15, ctx('m3', 3)));
  const lc = keep(allocateCost([sale.pool], { ...line(2), amountCents: 500, onHand: 5, sold: 5 }, ctx('lc', 4)));
  const variance = { ...line(2), kind: 'COST_VARIANCE' as const, amountCents: -100, onHand: 5, sold: 5 };
  const inv = keep(allocateCost(lc.pools, variance, ctx('inv', 5, 'invoice_line')));
  const moved = keep(transferCost(inv.pools[0]!, pool('wh_b', method), 2, ctx('m4', 6), ctx('m5', 6)));
  const counted = keep(takeStockCost(moved.from, 'COUNT', 1, ctx('m6', 7)));
  return { a: poolValue(counted.pool), b: poolValue(moved.to), summary: summarizeValuation(entries) };
}

describe('costing a procure-to-pay run', () => {
  it('FIFO: the values and COGS of the hand calculation, in cents', () => {
    const { a, b, summary } = run('FIFO');
    // sale: 10 × 200 + 5 × 300 = 3,500, leaving line 2's 5 at 1,500 · landed 500 over 5 on hand and
    // 5 sold: 250 + 250 → 1,750 · variance −100: −50 − 50 → 1,700 · transfer 2: 1,700 × 2/5 = 680 to B,
    // 3 at 1,020 in A · count 1 out: 1,020 / 3 = 340 → A 680.
    expect([a, b]).toEqual([680, 680]);
    expect(summary).toEqual({
      opening: 0,
      receipts: 5000,
      landedAndVariances: 400,
      cogs: 3500 + 250 - 50,
      adjustments: 0,
      counts: -340,
      transfers: 0,
    });
    expect(closingValue(0, summary)).toBe(a + b);
  });

  it('moving average: the values and COGS of the hand calculation, in cents', () => {
    const { a, b, summary } = run('MOVING_AVERAGE');
    // sale: 5,000 × 15/20 = 3,750, leaving 5 at 1,250 · landed +250 → 1,500 (250 to COGS) ·
    // variance −50 → 1,450 (−50 to COGS) · transfer 2: 1,450 × 2/5 = 580 to B, 3 at 870 in A ·
    // count 1 out: 870 / 3 = 290 → A 580.
    expect([a, b]).toEqual([580, 580]);
    expect(summary).toMatchObject({ receipts: 5000, landedAndVariances: 400, cogs: 3750 + 250 - 50, counts: -290 });
    expect(closingValue(0, summary)).toBe(a + b);
  });
});
