import { duplicateProduct } from '../src/domain/duplicate-product';
import { addVariant } from '../src/domain/variant';
import { aProduct, NOW } from './support/builders';

describe('duplicateProduct', () => {
  let n = 0;
  const ids = { productId: 'prd_copy', variantId: () => `var_copy_${++n}` };

  it('blanks every SKU but the body one, drops barcodes and codes, keeps options and prices', () => {
    const source = addVariant(
      aProduct({ sku: 'A', upc: '123', price: 5 }),
      'var_b',
      { sku: 'B', options: { size: 'L' }, barcodes: ['999'] },
      'B',
      NOW,
    );
    const copy = duplicateProduct(source, { sku: 'A2' }, ids, NOW);
    expect(copy.variants.map((v) => [v.sku, v.options, v.barcodes, v.price])).toEqual([
      ['A2', {}, [], 5],
      [null, { size: 'L' }, [], 5],
    ]);
    expect(copy).toMatchObject({ sku: 'A2', upc: null, skuKeys: ['A2'], barcodeKeys: [] });
  });

  it('refuses a FAMILY', () => {
    expect(() => duplicateProduct(aProduct({ type: 'FAMILY' }), {}, ids, NOW)).toThrow(
      expect.objectContaining({ code: 'family_not_duplicable', type: 'unprocessable' }),
    );
  });
});
