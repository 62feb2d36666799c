import { addStockCost, receiveCost } from '../src/domain/cost-in';
import { poolValue } from '../src/domain/cost-layer';
import { takeStockCost } from '../src/domain/cost-out';
import { switchMethod } from '../src/domain/switch-method';
import { transferCost } from '../src/domain/transfer-cost';
import { ctx, layersOf, pool } from './support/costing';

const line1 = { origin: 'po_1:line_1' };

describe('cost layers', () => {
  it('FIFO: receive 10 @ $2.00 and 10 @ $3.00, sell 15: COGS 10 × 200 + 5 × 300 = 3,500, 5 left at 1,500', () => {
    const a = receiveCost(pool('wh_a', 'FIFO'), { quantity: 10, unitCostCents: 200, ...line1 }, ctx('m1', 1));
    const b = receiveCost(a.pool, { quantity: 10, unitCostCents: 300, ...line1 }, ctx('m2', 2));
    const sale = takeStockCost(b.pool, 'SALE', 15, ctx('m3', 3));
    expect(sale.entries).toEqual([
      expect.objectContaining({
        kind: 'SALE',
        quantity: -15,
        valueCents: -3500,
        cogsCents: 3500,
        valueAfterCents: 1500,
      }),
    ]);
    expect(layersOf(sale.pool)).toEqual([[5, 1500]]);
    expect(sale.taken.map((l) => [l.quantity, l.valueCents])).toEqual([
      [10, 2000],
      [5, 1500],
    ]);
  });

  it('moving average: receive 10 @ $2.00 and 10 @ $3.00, sell 15: COGS 5,000 × 15/20 = 3,750, 5 left at 1,250', () => {
    const a = receiveCost(pool('wh_a', 'MOVING_AVERAGE'), { quantity: 10, unitCostCents: 200 }, ctx('m1', 1));
    const b = receiveCost(a.pool, { quantity: 10, unitCostCents: 300 }, ctx('m2', 2));
    expect(layersOf(b.pool)).toEqual([[20, 5000]]);
    const sale = takeStockCost(b.pool, 'SALE', 15, ctx('m3', 3));
    expect(sale.entries[0]).toMatchObject({
      valueCents: -3750,
      cogsCents: 3750,
      quantityAfter: 5,
      valueAfterCents: 1250,
    });
  });

  it('moving average: the last unit takes what is left: 3 units worth 100 sell for 33 + 34 + 33, ending at 0', () => {
    const a = receiveCost(pool('wh_a', 'MOVING_AVERAGE'), { quantity: 1, unitCostCents: 34 }, ctx('m1', 1));
    const b = receiveCost(a.pool, { quantity: 2, unitCostCents: 33 }, ctx('m2', 2));
    const first = takeStockCost(b.pool, 'SALE', 1, ctx('m3', 3)); // 100 × 1/3 = 33.3 → 33
    const second = takeStockCost(first.pool, 'SALE', 1, ctx('m4', 4)); // 67 × 1/2 = 33.5 → 34 (half up)
    const third = takeStockCost(second.pool, 'SALE', 1, ctx('m5', 5)); // what is left: 33
    expect([first, second, third].map((s) => s.entries[0]!.cogsCents)).toEqual([33, 34, 33]);
    expect(third.pool.layers).toEqual([]);
  });

  it('a fractional receipt is quantity × unit cost rounded half away from zero: 0.5 × 199 = 99.5 → 100 cents', () => {
    const r = receiveCost(pool('wh_a', 'FIFO'), { quantity: 0.5, unitCostCents: 199 }, ctx('m1'));
    expect(r.entries[0]).toMatchObject({ kind: 'RECEIPT', quantity: 0.5, valueCents: 100 });
  });

  it('an adjust in without a unit cost comes in at the current average: 3 of 20 worth 5,000 = 750 cents', () => {
    const a = receiveCost(pool('wh_a', 'FIFO'), { quantity: 10, unitCostCents: 200 }, ctx('m1', 1));
    const b = receiveCost(a.pool, { quantity: 10, unitCostCents: 300 }, ctx('m2', 2));
    const adjusted = addStockCost(b.pool, 'ADJUSTMENT', 3, null, ctx('m3', 3));
    expect(layersOf(adjusted.pool)).toEqual([
      [10, 2000],
      [10, 3000],
      [3, 750],
    ]);
    expect(addStockCost(b.pool, 'ADJUSTMENT', 3, 120, ctx('m3', 3)).entries[0]!.valueCents).toBe(360);
  });

  it('an adjust in with no stock and no unit cost comes in at 0', () => {
    const adjusted = addStockCost(pool('wh_a', 'FIFO'), 'ADJUSTMENT', 4, null, ctx('m1'));
    expect(adjusted.entries[0]).toMatchObject({ kind: 'ADJUSTMENT', quantity: 4, valueCents: 0 });
  });

  it('an out beyond the layers first opens the missing quantity at 0 (OPENING), then takes it', () => {
    const a = receiveCost(pool('wh_a', 'FIFO'), { quantity: 1, unitCostCents: 500 }, ctx('m1', 1));
    const sale = takeStockCost(a.pool, 'SALE', 3, ctx('m2', 2));
    expect(sale.entries.map((e) => [e.kind, e.quantity, e.valueCents, e.cogsCents])).toEqual([
      ['OPENING', 2, 0, 0],
      ['SALE', -3, -500, 500],
    ]);
    expect(sale.pool.layers).toEqual([]);
  });

  it('a customer return comes in at the average and takes its value off cost of goods sold', () => {
    const a = receiveCost(pool('wh_a', 'MOVING_AVERAGE'), { quantity: 4, unitCostCents: 250 }, ctx('m1', 1));
    const back = addStockCost(a.pool, 'RETURN', 1, null, ctx('m2', 2));
    expect(back.entries[0]).toMatchObject({ kind: 'RETURN', valueCents: 250, cogsCents: -250 });
  });

  it('a transfer carries the layers it took, dates kept: FIFO at the destination takes them before newer stock', () => {
    const a = receiveCost(pool('wh_a', 'FIFO'), { quantity: 10, unitCostCents: 200 }, ctx('m1', 1));
    const b = receiveCost(pool('wh_b', 'FIFO'), { quantity: 1, unitCostCents: 1000 }, ctx('m2', 5));
    const moved = transferCost(a.pool, b.pool, 2, ctx('m3', 6), ctx('m4', 6));
    expect(moved.entries.map((e) => [e.kind, e.warehouseId, e.quantity, e.valueCents])).toEqual([
      ['TRANSFER_OUT', 'wh_a', -2, -400],
      ['TRANSFER_IN', 'wh_b', 2, 400],
    ]);
    expect(layersOf(moved.to)).toEqual([
      [2, 400],
      [1, 1000],
    ]);
    expect(takeStockCost(moved.to, 'SALE', 2, ctx('m5', 7)).entries[0]!.cogsCents).toBe(400);
  });

  it('switching FIFO to moving average merges the layers; back to FIFO the pool is the first layer', () => {
    const a = receiveCost(pool('wh_a', 'FIFO'), { quantity: 10, unitCostCents: 200 }, ctx('m1', 1));
    const b = receiveCost(a.pool, { quantity: 10, unitCostCents: 300 }, ctx('m2', 2));
    const average = switchMethod(b.pool, 'MOVING_AVERAGE');
    expect(layersOf(average)).toEqual([[20, 5000]]);
    expect(poolValue(average)).toBe(poolValue(b.pool));
    const fifo = receiveCost(switchMethod(average, 'FIFO'), { quantity: 10, unitCostCents: 100 }, ctx('m3', 3));
    // 25 out: the whole former pool (20 → 5,000) and 5 of the new layer (5 × 100 = 500).
    expect(takeStockCost(fifo.pool, 'SALE', 25, ctx('m4', 4)).entries[0]!.cogsCents).toBe(5500);
  });
});
