import { receiveCost } from '../src/domain/cost-in';
import type { StockLevel } from '../src/domain/stock-level';
import { stockLevelCodec } from '../src/store/stock-level.codec';
import { ctx, pool } from './support/costing';

describe('stockLevelCodec', () => {
  const { pool: fifo } = receiveCost(pool('wh_a', 'FIFO'), { quantity: 2.5, unitCostCents: 120 }, ctx('m1', 1));
  const level: StockLevel = {
    orgId: 'org_1',
    variantId: 'var_1',
    locations: [{ warehouseId: 'wh_a', binId: null, onHand: 2.5, minQuantity: null, maxQuantity: null }],
    reserved: 0,
    operations: [{ key: 'req_1', at: new Date('2026-01-02T03:04:05.678Z'), movements: ['mov_1'] }],
    costPools: [fifo],
    landedCosts: [{ key: 'lc_1:pol_1', revision: 2, cents: 350 }],
    version: 3,
  };

  it('packs the cost pools and applied costs into one string each, and reads them back with their dates', () => {
    const stored = stockLevelCodec.encode({ ...level });
    expect(typeof stored.costPools).toBe('string');
    expect(stored.operations).toBe(level.operations);
    expect(typeof stored.landedCosts).toBe('string');
    expect(stored.locations).toBe(level.locations);

    const read = stockLevelCodec.decode(stored);
    expect(read.costPools).toEqual(level.costPools);
    expect(read.costPools![0]!.layers[0]!.receivedAt).toBeInstanceOf(Date);
    expect(read.landedCosts).toEqual(level.landedCosts);
    expect(read.operations).toBe(level.operations);
  });

  it('encodes only the fields it is given (a change writes the ones that moved)', () => {
    expect(stockLevelCodec.encode({ reserved: 2 })).toEqual({ reserved: 2 });
  });

  it('reads a level stored before packing, its lists as they are', () => {
    const stored = { ...level } as unknown as Record<string, unknown>;
    expect(stockLevelCodec.decode(stored)).toEqual(level);
  });
});
