import { receiveCost } from '../src/domain/cost-in';
import { openingCost } from '../src/domain/opening-cost';
import { ctx, layersOf, pool } from './support/costing';

describe('stock from before costing (OPENING)', () => {
  it('brings the on hand a pool has not met in at 0, dated before every layer', () => {
    const received = receiveCost(pool('wh_a', 'FIFO'), { quantity: 2, unitCostCents: 500 }, ctx('m1', 1));
    const opened = openingCost(received.pool, 5, ctx('m2', 2));
    expect(layersOf(opened.pool)).toEqual([
      [3, 0],
      [2, 1000],
    ]);
    expect(opened.pool.layers[0]!.receivedAt.getTime()).toBe(0);
    expect(opened.entries).toEqual([
      expect.objectContaining({ kind: 'OPENING', quantity: 3, valueCents: 0, quantityAfter: 5, valueAfterCents: 1000 }),
    ]);
    expect(opened.entries[0]!.at).toEqual(ctx('m2', 2).at);
  });

  it('opens nothing when the pool holds all that is on hand', () => {
    const received = receiveCost(pool('wh_a', 'FIFO'), { quantity: 2, unitCostCents: 500 }, ctx('m1', 1));
    expect(openingCost(received.pool, 2, ctx('m2', 2))).toEqual({ pool: received.pool, entries: [] });
  });

  it('merges into a moving average pool, its unit cost diluted by the uncosted stock', () => {
    const received = receiveCost(pool('wh_a', 'MOVING_AVERAGE'), { quantity: 2, unitCostCents: 500 }, ctx('m1', 1));
    expect(layersOf(openingCost(received.pool, 4, ctx('m2', 2)).pool)).toEqual([[4, 1000]]);
  });
});
