import fc from 'fast-check';
import { inKeyOrder, pageInKeyOrder } from '../src/domain/key-order';

const groupsArb = fc
  .uniqueArray(fc.option(fc.string({ maxLength: 4 }), { nil: null }), { maxLength: 300 })
  .map((keys) => keys.map((key, i) => ({ key, i })));

describe('a page of groups in key order', () => {
  it('is the slice of all of them sorted, near the start or deep', () => {
    fc.assert(
      fc.property(groupsArb, fc.nat(320), fc.integer({ min: 1, max: 60 }), (groups, offset, limit) => {
        const expected = inKeyOrder([...groups]).slice(offset, offset + limit);
        expect(pageInKeyOrder([...groups], offset, limit)).toEqual(expected);
      }),
    );
  });

  it('puts the null group last', () => {
    const groups = [
      { key: null },
      { key: 'b' },
      { key: 'a' },
      ...Array.from({ length: 40 }, (_, i) => ({ key: `c${i}` })),
    ];
    expect(pageInKeyOrder(groups, 0, 2).map((g) => g.key)).toEqual(['a', 'b']);
    expect(pageInKeyOrder(groups, 42, 5).map((g) => g.key)).toEqual([null]);
  });
});
