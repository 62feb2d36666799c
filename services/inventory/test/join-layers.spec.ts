import type { CostLayer, CostPool } from '../src/domain/cost-layer';
import { joinNewest } from '../src/domain/join-layers';
import { layersOf } from './support/costing';

const day = (d: number, hour = 0) => new Date(Date.UTC(2026, 0, d, hour));
const layer = (quantity: number, valueCents: number, receivedAt: Date, origin: string | null = null): CostLayer => ({
  quantity,
  valueCents,
  receivedAt,
  origin,
});
const fifo = (...layers: CostLayer[]): CostPool => ({ warehouseId: 'wh_a', method: 'FIFO', layers });

describe('joining FIFO layers', () => {
  it('joins the newest layer to the one before on the same day, at the same unit cost and origin', () => {
    const joined = joinNewest(fifo(layer(2, 100, day(1)), layer(3, 999, day(2, 1)), layer(1, 333, day(2, 23))));
    expect(layersOf(joined)).toEqual([
      [2, 100],
      [4, 1332],
    ]);
    expect(joined.layers[1]!.receivedAt).toEqual(day(2, 1));
  });

  it('keeps them apart on another day, from another origin, or at another unit cost (compared exactly)', () => {
    const apart = [
      fifo(layer(1, 100, day(1, 23)), layer(1, 100, day(2))),
      fifo(layer(1, 100, day(1), 'po_1:ln_1'), layer(1, 100, day(1))),
      fifo(layer(3, 1000, day(1)), layer(1, 333, day(1))),
    ];
    for (const pool of apart) expect(joinNewest(pool)).toBe(pool);
  });

  it('leaves a moving average alone', () => {
    const pool: CostPool = { ...fifo(layer(1, 1, day(1)), layer(1, 1, day(1))), method: 'MOVING_AVERAGE' };
    expect(joinNewest(pool)).toBe(pool);
  });
});
