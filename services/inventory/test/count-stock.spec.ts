import { applyCount, assertDistinctLines } from '../src/domain/count-stock';
import { at, codeOf, ids, level, now } from './support/builders';

describe('counts', () => {
  const lines = [
    { variantId: 'var_1', binId: null, countedQuantity: 3 },
    { variantId: 'var_1', binId: 'bin_1', countedQuantity: 4 },
  ];

  it('sets each location to its counted quantity with a COUNT movement per difference', () => {
    const change = applyCount(
      level([at('wh_a', null, 5), at('wh_a', 'bin_1', 4)]),
      'wh_a',
      lines,
      'cnt_1',
      'Q1',
      ids,
      now,
      'FIFO',
    );
    expect(change.movements!.map((m) => [m.type, m.binId, m.quantity, m.onHandAfter])).toEqual([
      ['COUNT', null, -2, 3],
    ]);
    expect(change.results.map((r) => [r.difference, r.applied, r.movementId])).toEqual([
      [-2, true, 'mov_0'],
      [0, true, null],
    ]);
  });

  it('applies a count id once', () => {
    const counted = level([at('wh_a', null, 5)], { operations: [{ key: 'count:cnt_1', at: now }] });
    const again = applyCount(counted, 'wh_a', lines, 'cnt_1', 'Q1', ids, now, 'FIFO');
    expect(again.events).toEqual([]);
    expect(again.locations).toBeUndefined();
    expect(again.results.every((r) => !r.applied)).toBe(true);
  });

  it('refuses the same variant and location twice (duplicate_count_line)', () => {
    expect(codeOf(() => assertDistinctLines([lines[0]!, { ...lines[0]!, countedQuantity: 9 }]))).toBe(
      'duplicate_count_line',
    );
  });
});
