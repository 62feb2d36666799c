import { AppError } from '@stockyard/service-kit';
import { adjustStock, MOVEMENT_RECORDED } from '../src/domain/adjust-stock';
import type { StockLevel } from '../src/domain/stock-level';

const level = (overrides: Partial<StockLevel> = {}): StockLevel => ({
  orgId: 'org_1',
  variantId: 'var_1',
  locations: [{ warehouseId: 'wh_1', binId: null, onHand: 10 }],
  reserved: 0,
  version: 3,
  ...overrides,
});
const now = new Date('2026-01-01T00:00:00Z');

describe('adjustStock', () => {
  it('adds to the location and reports the availability change', () => {
    const result = adjustStock(
      level({ reserved: 2 }),
      { variantId: 'var_1', warehouseId: 'wh_1', quantity: 5, reason: 'found' },
      'mov_1',
      now,
      'FIFO',
    );
    expect(result.locations).toEqual([{ warehouseId: 'wh_1', binId: null, onHand: 15 }]);
    expect(result.movement).toMatchObject({
      id: 'mov_1',
      type: 'ADJUSTMENT',
      quantity: 5,
      onHandAfter: 15,
      binId: null,
    });
    const availability = result.events.find((e) => e.name === 'inventory.availability_changed');
    expect(availability?.payload).toEqual({ orgId: 'org_1', variantId: 'var_1', oldAvailable: 8, newAvailable: 13 });
    expect(result.events.map((e) => e.name)).toContain(MOVEMENT_RECORDED);
  });

  it('creates a new bin location without touching the others', () => {
    const result = adjustStock(
      level(),
      { variantId: 'var_1', warehouseId: 'wh_1', binId: 'bin_a', quantity: 2, reason: 'r' },
      'mov_2',
      now,
      'FIFO',
    );
    expect(result.locations).toEqual(
      expect.arrayContaining([
        { warehouseId: 'wh_1', binId: null, onHand: 10 },
        { warehouseId: 'wh_1', binId: 'bin_a', onHand: 2 },
      ]),
    );
  });

  it('refuses to take a location below zero with 422 insufficient_stock', () => {
    const attempt = () =>
      adjustStock(
        level(),
        { variantId: 'var_1', warehouseId: 'wh_1', quantity: -11, reason: 'r' },
        'mov_3',
        now,
        'FIFO',
      );
    expect(attempt).toThrow(AppError);
    try {
      attempt();
    } catch (err) {
      expect((err as AppError).status).toBe(422);
      expect((err as AppError).code).toBe('insufficient_stock');
    }
  });

  it('allows taking a location exactly to zero', () => {
    const result = adjustStock(
      level(),
      { variantId: 'var_1', warehouseId: 'wh_1', quantity: -10, reason: 'r' },
      'mov_4',
      now,
      'FIFO',
    );
    expect(result.movement.onHandAfter).toBe(0);
  });

  it('keeps decimal quantities exact enough (0.1 + 0.2)', () => {
    const start = level({ locations: [{ warehouseId: 'wh_1', binId: null, onHand: 0.1 }] });
    expect(
      adjustStock(start, { variantId: 'var_1', warehouseId: 'wh_1', quantity: 0.2, reason: 'r' }, 'mov_5', now, 'FIFO')
        .movement.onHandAfter,
    ).toBe(0.3);
  });
});
