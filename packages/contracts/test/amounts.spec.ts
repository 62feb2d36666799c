import { MAX_MONEY, MAX_QUANTITY, money, nonNegativeQuantity, positiveQuantity, quantity } from '../src';

const accepts = (schema: { safeParse(v: unknown): { success: boolean } }, values: number[]) =>
  values.filter((v) => !schema.safeParse(v).success);

describe('amounts', () => {
  it('bounds a quantity to ±1e9 with at most 4 decimals', () => {
    expect(accepts(quantity(), [MAX_QUANTITY, -MAX_QUANTITY, 0.0001, 12.3456, 0.1 + 0.2])).toEqual([]);
    expect(accepts(quantity(), [1e305, -1e308, MAX_QUANTITY + 1, 1.00001, Infinity, NaN])).toHaveLength(6);
  });

  it('bounds money to ±1e12 with at most 2 decimals', () => {
    expect(accepts(money(), [MAX_MONEY, -MAX_MONEY, 0.01, 19.99, 0.1 + 0.2])).toEqual([]);
    expect(accepts(money(), [1e308, MAX_MONEY + 0.01, 1.001])).toHaveLength(3);
  });

  it('keeps the bounds in the signed variants', () => {
    expect(accepts(positiveQuantity(), [0, -1, 1e308])).toHaveLength(3);
    expect(accepts(nonNegativeQuantity(), [0, MAX_QUANTITY])).toEqual([]);
    expect(accepts(nonNegativeQuantity(), [-0.0001, 1e308])).toHaveLength(2);
  });

  it('refuses amounts finer than their decimals, however small (issue #30)', () => {
    const fine = [1e-11, 1e-320, -1e-9, 0.00001, 5e-324, 1.00005];
    expect(accepts(quantity(), fine)).toEqual(fine);
    const subCent = [1e-9, 1e-320, 0.001, 0.005, 19.999];
    expect(accepts(money(), subCent)).toEqual(subCent);
    expect(accepts(positiveQuantity(), [1e-11])).toEqual([1e-11]);
  });

  it('stores an amount at exactly its decimals', () => {
    expect(quantity().parse(0.1 + 0.2)).toBe(0.3);
    expect(money().parse(0.1 + 0.2)).toBe(0.3);
    expect(money().parse(-19.99)).toBe(-19.99);
    expect(quantity().parse(123456789.1234)).toBe(123456789.1234);
  });
});
