import fc from 'fast-check';
import { eachPosition, packPositions, positionsOf } from '../src/domain/packed-positions';
import type { StockPosition } from '../src/domain/stock-position';

const positionArb: fc.Arbitrary<StockPosition> = fc.record({
  variantId: fc.constantFrom('var_a', 'var_b', '0f8c2d9e-1b7a-4c3e-9a55-7d1e2f3a4b5c', 'var_é'),
  warehouseId: fc.constantFrom('wh_1', 'wh_2', 'wh_3'),
  units: fc.integer({ min: -(2 ** 52), max: 2 ** 52 }),
  cents: fc.integer({ min: -(2 ** 52), max: 2 ** 52 }),
});

describe('packed positions', () => {
  it('give back every position, exact and in order, through a copy of their bytes', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 60 }), (positions) => {
        const packed = packPositions(positions);
        const stored = { ...packed, numbers: Uint8Array.from(packed.numbers) };
        expect(positionsOf(stored)).toEqual(positions);
      }),
    );
  });

  it("give one warehouse's alone when it is named, and none for a warehouse they do not hold", () => {
    fc.assert(
      fc.property(
        fc.array(positionArb, { maxLength: 60 }),
        fc.constantFrom('wh_1', 'wh_2', 'wh_9'),
        (positions, wh) => {
          const seen: string[] = [];
          eachPosition(
            packPositions(positions),
            (variantId, warehouseId) => seen.push(`${variantId}/${warehouseId}`),
            wh,
          );
          const expected = positions.filter((p) => p.warehouseId === wh).map((p) => `${p.variantId}/${p.warehouseId}`);
          expect(seen).toEqual(expected);
        },
      ),
    );
  });

  it('read from bytes at any offset of a larger buffer (as the driver hands them)', () => {
    const packed = packPositions([{ variantId: 'var_a', warehouseId: 'wh_1', units: 12_345, cents: -678 }]);
    const larger = new Uint8Array(packed.numbers.byteLength + 3);
    larger.set(packed.numbers, 3);
    expect(positionsOf({ ...packed, numbers: larger.subarray(3) })).toEqual([
      { variantId: 'var_a', warehouseId: 'wh_1', units: 12_345, cents: -678 },
    ]);
  });

  it('refuse a number they cannot keep exact (beyond ±2^52, or not an integer)', () => {
    const at = (units: number) => [{ variantId: 'var_a', warehouseId: 'wh_1', units, cents: 0 }];
    expect(() => packPositions(at(2 ** 52 + 2))).toThrow(RangeError);
    expect(() => packPositions(at(1.5))).toThrow(RangeError);
  });

  it('take a few bytes a position: steps between variants, small indexes and amounts in 7-bit groups', () => {
    const positions = Array.from({ length: 3_000 }, (_, i) => ({
      variantId: `var_${Math.floor(i / 3)}`,
      warehouseId: `wh_${i % 3}`,
      units: 250_000 + i,
      cents: 1_234_567 + i,
    }));
    expect(packPositions(positions).numbers.byteLength).toBeLessThanOrEqual(positions.length * 9);
  });
});
