import { fillProduct, noVariant, type VariantState } from '../src/domain/variant';

const copy = (fields: Partial<VariantState> = {}): VariantState => ({
  ...noVariant('org_1', 'var_1'),
  sku: 'SKU-1',
  name: 'Hammer',
  version: 3,
  sourceUpdatedAt: new Date('2026-01-01T00:00:00Z'),
  ...fields,
});
const product = { productId: 'prd_1', categoryIds: ['cat_1'] };

describe('fillProduct (the backfill of older copies)', () => {
  it('gives a copy without a product (missing or null) the product and categories, keeping the rest', () => {
    for (const older of [copy(), copy({ productId: null, categoryIds: null })]) {
      expect(fillProduct(older, product).state).toEqual({ ...older, ...product });
    }
  });

  it('keeps the event time, so the next catalog event still applies', () => {
    const older = copy();
    expect(fillProduct(older, product).state?.sourceUpdatedAt).toBe(older.sourceUpdatedAt);
  });

  it('leaves a copy an event filled meanwhile as it is, even with no category', () => {
    expect(fillProduct(copy({ productId: 'prd_event', categoryIds: [] }), product)).toEqual({});
  });

  it('leaves a deleted copy as it is', () => {
    expect(fillProduct(copy({ deleted: true }), product)).toEqual({});
  });
});
