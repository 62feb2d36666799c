import { moveStock } from '../src/domain/move-stock';
import { at, availability, codeOf, ids, level, now } from './support/builders';

describe('moveStock', () => {
  it('relocates within the warehouse without an availability event', () => {
    const change = moveStock(
      level([at('wh_a', null, 4)]),
      { variantId: 'var_1', warehouseId: 'wh_a', fromBinId: null, toBinId: 'bin_1', quantity: 4 },
      'mv_1',
      ids,
      now,
    );
    expect(change.locations).toEqual(expect.arrayContaining([at('wh_a', null, 0), at('wh_a', 'bin_1', 4)]));
    expect(availability(change.events)).toEqual([]);
  });

  it('refuses the same bin (same_bin) and more than the source holds (insufficient_stock)', () => {
    const l = level([at('wh_a', 'bin_1', 2)]);
    expect(
      codeOf(() =>
        moveStock(
          l,
          { variantId: 'var_1', warehouseId: 'wh_a', fromBinId: 'bin_1', toBinId: 'bin_1', quantity: 1 },
          'm',
          ids,
          now,
        ),
      ),
    ).toBe('same_bin');
    expect(
      codeOf(() =>
        moveStock(
          l,
          { variantId: 'var_1', warehouseId: 'wh_a', fromBinId: 'bin_1', toBinId: null, quantity: 3 },
          'm',
          ids,
          now,
        ),
      ),
    ).toBe('insufficient_stock');
  });
});
