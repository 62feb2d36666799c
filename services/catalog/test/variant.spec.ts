import { addVariant, deleteVariant, updateVariant } from '../src/domain/variant';
import { updateProduct } from '../src/domain/product-update';
import { aProduct, NOW } from './support/builders';

describe('variant rules', () => {
  it('a new variant takes the product price and cost unless given, and the next position', () => {
    const p = addVariant(aProduct({ price: 9, cost: 4 }), 'var_b', { sku: 'B', price: 10 }, 'B', NOW);
    expect(p.variants[1]).toMatchObject({ price: 10, cost: 4, position: 1, isDefault: false });
  });

  it('the default variant and the product move together', () => {
    const p = aProduct({ sku: 'A', price: 5 });
    const viaVariant = updateVariant(p, p.variants[0]!.id, { price: 6 }, NOW);
    expect(viaVariant.price).toBe(6);
    const viaProduct = updateProduct(p, { sku: 'A2' }, NOW);
    expect(viaProduct.variants[0]!.sku).toBe('A2');
  });

  it('deleting the default variant hands the default to the next one', () => {
    const p = addVariant(aProduct({ sku: 'A' }), 'var_b', { sku: 'B' }, 'B', NOW);
    const next = deleteVariant(p, p.variants[0]!.id, NOW);
    expect(next.sku).toBe('B');
    expect(next.variants[1]!.isDefault).toBe(true);
  });

  it('refuses deleting the last variant (409 last_variant)', () => {
    const p = aProduct({});
    expect(() => deleteVariant(p, p.variants[0]!.id, NOW)).toThrow(expect.objectContaining({ code: 'last_variant' }));
  });
});
