import { updateStockItem } from '../src/domain/update-stock-item';
import { at, codeOf, level } from './support/builders';

describe('updateStockItem', () => {
  it('sets min/max of one row without touching on hand, refusing min above max', () => {
    const l = level([at('wh_a', 'bin_1', 7)]);
    expect(updateStockItem(l, { warehouseId: 'wh_a', binId: 'bin_1' }, { minQuantity: 2 }).locations).toEqual([
      { ...at('wh_a', 'bin_1', 7), minQuantity: 2, maxQuantity: null },
    ]);
    expect(
      codeOf(() => updateStockItem(l, { warehouseId: 'wh_a', binId: 'bin_1' }, { minQuantity: 5, maxQuantity: 4 })),
    ).toBe('min_above_max');
  });
});
