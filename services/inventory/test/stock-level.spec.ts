import { resolveSourceLocation } from '../src/domain/stock-level';
import { at, level } from './support/builders';

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
