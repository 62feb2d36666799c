import { allocateCost, type CostAllocation } from '../src/domain/allocate-cost';
import { addStockCost, receiveCost } from '../src/domain/cost-in';
import { takeStockCost } from '../src/domain/cost-out';
import { splitCents } from '../src/domain/split-cents';
import { ctx, layersOf, pool } from './support/costing';

const landed = (over: Partial<CostAllocation>): CostAllocation => ({
  kind: 'LANDED_COST',
  amountCents: 500,
  onHand: 5,
  sold: 15,
  origin: 'po_1:line_1',
  warehouseId: 'wh_a',
  ...over,
});
const lc = ctx('lc_1:line_1', 10, 'landed_cost');

/** FIFO: 10 @ 200 and 10 @ 300 of line 1 received, 15 sold: 5 left worth 1,500. */
function fifoAfterSale() {
  const a = receiveCost(
    pool('wh_a', 'FIFO'),
    { quantity: 10, unitCostCents: 200, origin: 'po_1:line_1' },
    ctx('m1', 1),
  );
  const b = receiveCost(a.pool, { quantity: 10, unitCostCents: 300, origin: 'po_1:line_1' }, ctx('m2', 2));
  return takeStockCost(b.pool, 'SALE', 15, ctx('m3', 3)).pool;
}

describe('allocateCost', () => {
  it('splits $5.00 over the 20 received, 5 on hand and 15 sold: 125 cents into the layer, 375 to COGS', () => {
    const change = allocateCost([fifoAfterSale()], landed({}), lc);
    expect(change.entries.map((e) => [e.kind, e.warehouseId, e.quantity, e.valueCents, e.cogsCents])).toEqual([
      ['LANDED_COST', 'wh_a', 0, 125, 0],
      ['LANDED_COST', 'wh_a', 0, 0, 375],
    ]);
    expect(layersOf(change.pools[0]!)).toEqual([[5, 1625]]);
  });

  it('a re-allocation allocates the difference, and a deletion the negative of what is left', () => {
    const first = allocateCost([fifoAfterSale()], landed({}), lc);
    const less = allocateCost(first.pools, landed({ amountCents: -100 }), ctx('lc_1:line_1:2', 11, 'landed_cost'));
    expect(less.entries.map((e) => [e.valueCents, e.cogsCents])).toEqual([
      [-25, 0],
      [0, -75],
    ]);
    expect(layersOf(less.pools[0]!)).toEqual([[5, 1600]]);
  });

  it('spreads the on-hand part by largest remainder on layer quantity: 100 over 1 and 2 units is 33 + 67', () => {
    const a = receiveCost(pool('wh_a', 'FIFO'), { quantity: 1, unitCostCents: 0 }, ctx('m1', 1));
    const b = receiveCost(a.pool, { quantity: 2, unitCostCents: 0 }, ctx('m2', 2));
    const change = allocateCost([b.pool], landed({ amountCents: 100, onHand: 3, sold: 0, origin: null }), lc);
    expect(layersOf(change.pools[0]!)).toEqual([
      [1, 33],
      [2, 67],
    ]);
  });

  it("puts the on-hand part into the line's own layers while any is on hand, across warehouses", () => {
    const a = receiveCost(pool('wh_a', 'FIFO'), { quantity: 4, unitCostCents: 100, origin: 'other' }, ctx('m1', 1));
    const b = receiveCost(pool('wh_b', 'FIFO'), { quantity: 2, unitCostCents: 100, origin: 'po_1:line_1' }, ctx('m2'));
    const change = allocateCost([a.pool, b.pool], landed({ amountCents: 60, onHand: 2, sold: 0 }), lc);
    expect(change.pools.map(layersOf)).toEqual([[[4, 400]], [[2, 260]]]);
    expect(change.entries.map((e) => [e.warehouseId, e.valueCents])).toEqual([['wh_b', 60]]);
  });

  it('sends the on-hand part to COGS when nothing is on hand', () => {
    const change = allocateCost([pool('wh_a', 'FIFO')], landed({ amountCents: 90, onHand: 3, sold: 0 }), lc);
    expect(change.entries.map((e) => [e.valueCents, e.cogsCents])).toEqual([[0, 90]]);
  });

  it('never takes a layer below 0: what it cannot give back comes off COGS instead', () => {
    const free = addStockCost(pool('wh_a', 'FIFO'), 'ADJUSTMENT', 5, null, ctx('m1'));
    const change = allocateCost([free.pool], landed({ amountCents: -100, onHand: 5, sold: 0, origin: null }), lc);
    expect(layersOf(change.pools[0]!)).toEqual([[5, 0]]);
    expect(change.entries.map((e) => [e.valueCents, e.cogsCents])).toEqual([[0, -100]]);
  });

  it('an invoice cost variance is allocated the same way, as COST_VARIANCE', () => {
    const change = allocateCost([fifoAfterSale()], landed({ kind: 'COST_VARIANCE', amountCents: -40 }), lc);
    expect(change.entries.map((e) => [e.kind, e.valueCents, e.cogsCents])).toEqual([
      ['COST_VARIANCE', -10, 0],
      ['COST_VARIANCE', 0, -30],
    ]);
  });
});

describe('splitCents', () => {
  it('hands out the last cents by largest remainder, ties to the earlier part, and keeps the sign', () => {
    expect(splitCents(100, [1, 2])).toEqual([33, 67]);
    expect(splitCents(1, [1, 1])).toEqual([1, 0]);
    expect(splitCents(-101, [1, 1])).toEqual([-51, -50]);
    expect(splitCents(0, [3, 1])).toEqual([0, 0]);
  });
});
