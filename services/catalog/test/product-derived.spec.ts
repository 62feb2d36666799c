import { marginOf, skusOf, withDerived } from '../src/domain/product-derived';
import { addVariant } from '../src/domain/variant';
import { aProduct, NOW } from './support/builders';

describe('derived product fields', () => {
  it('margin is (price − cost) / price in percent, in cents; unknown without both or with price 0', () => {
    expect(marginOf(40, 25)).toBe(37.5);
    expect(marginOf(0.3, 0.1)).toBe(66.67);
    expect(marginOf(10, 12)).toBe(-20);
    expect(marginOf(null, 5)).toBeNull();
    expect(marginOf(10, null)).toBeNull();
    expect(marginOf(0, 0)).toBeNull();
  });

  it('holds every SKU of the product once, in upper case', () => {
    const p = addVariant(aProduct({ sku: 'tee' }), 'var_m', { sku: 'tee-m' }, 'tee-m', NOW);
    expect(skusOf(p)).toEqual(['TEE', 'TEE-M']);
  });

  it('keeps unchanged derived arrays by reference (the store writes only what moved)', () => {
    const p = aProduct({});
    const again = withDerived({ ...p, name: 'Renamed' });
    expect(again.skuKeys).toBe(p.skuKeys);
    expect(again.variantIds).toBe(p.variantIds);
  });

  it('matched: every live variant linked to a source SKU', () => {
    const p = aProduct({});
    expect(p.matched).toBe(false);
    const linked = withDerived({ ...p, variants: p.variants.map((v) => ({ ...v, sourceLinked: true })) });
    expect(linked.matched).toBe(true);
  });
});
