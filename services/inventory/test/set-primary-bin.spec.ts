import { setPrimaryBin } from '../src/domain/set-primary-bin';
import { level } from './support/builders';

describe('setPrimaryBin', () => {
  it('keeps one primary bin per warehouse and clears it with null', () => {
    const l = level([], {
      primaryBins: [
        { warehouseId: 'wh_a', binId: 'bin_1' },
        { warehouseId: 'wh_b', binId: 'bin_9' },
      ],
    });
    expect(setPrimaryBin(l, 'wh_a', 'bin_2').primaryBins).toEqual([
      { warehouseId: 'wh_b', binId: 'bin_9' },
      { warehouseId: 'wh_a', binId: 'bin_2' },
    ]);
    expect(setPrimaryBin(l, 'wh_a', null).primaryBins).toEqual([{ warehouseId: 'wh_b', binId: 'bin_9' }]);
  });
});
