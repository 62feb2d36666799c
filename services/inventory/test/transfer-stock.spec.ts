import { transferStock } from '../src/domain/transfer-stock';
import { resolveSourceLocation } from '../src/domain/stock-level';
import { at, codeOf, ids, level, now } from './support/builders';

describe('resolveSourceLocation', () => {
  it('prefers the primary bin even when it is not the fullest', () => {
    const l = level([at('wh_a', 'bin_1', 1), at('wh_a', 'bin_2', 9)], {
      primaryBins: [{ warehouseId: 'wh_a', binId: 'bin_1' }],
    });
    expect(resolveSourceLocation(l, 'wh_a')).toEqual({ warehouseId: 'wh_a', binId: 'bin_1' });
  });

  it('takes the single stocked location, ignoring empty rows and other warehouses', () => {
    const l = level([at('wh_a', 'bin_1', 0), at('wh_a', 'bin_2', 3), at('wh_b', 'bin_9', 50)]);
    expect(resolveSourceLocation(l, 'wh_a').binId).toBe('bin_2');
  });

  it('takes the fullest location, Unassigned included, ties to Unassigned', () => {
    expect(
      resolveSourceLocation(level([at('wh_a', 'bin_1', 2), at('wh_a', null, 5), at('wh_a', 'bin_2', 4)]), 'wh_a').binId,
    ).toBeNull();
    expect(resolveSourceLocation(level([at('wh_a', 'bin_1', 6), at('wh_a', null, 5)]), 'wh_a').binId).toBe('bin_1');
    expect(resolveSourceLocation(level([at('wh_a', 'bin_1', 5), at('wh_a', null, 5)]), 'wh_a').binId).toBeNull();
  });
});

describe('transferStock', () => {
  const input = { variantId: 'var_1', fromWarehouseId: 'wh_a', toWarehouseId: 'wh_b', quantity: 3 };

  it('moves stock to the destination Unassigned location as an OUT/IN pair with one reference', () => {
    const change = transferStock(level([at('wh_a', 'bin_1', 5)]), { ...input, notes: 'n' }, 'trf_1', ids, now);
    expect(change.locations).toEqual(expect.arrayContaining([at('wh_a', 'bin_1', 2), at('wh_b', null, 3)]));
    expect(change.movements!.map((m) => [m.type, m.quantity, m.reference, m.reason])).toEqual([
      ['TRANSFER_OUT', -3, 'trf_1', 'Transfer to wh_b: n'],
      ['TRANSFER_IN', 3, 'trf_1', 'Transfer from wh_a: n'],
    ]);
    expect(change.events.map((e) => e.name)).toEqual(['stock.movement_recorded', 'stock.movement_recorded']);
  });

  it('refuses the same warehouse (same_warehouse) and a short source location (insufficient_stock)', () => {
    expect(
      codeOf(() => transferStock(level([at('wh_a', null, 5)]), { ...input, toWarehouseId: 'wh_a' }, 't', ids, now)),
    ).toBe('same_warehouse');
    expect(
      codeOf(() => transferStock(level([at('wh_a', 'bin_1', 2), at('wh_a', 'bin_2', 2)]), input, 't', ids, now)),
    ).toBe('insufficient_stock');
  });
});
