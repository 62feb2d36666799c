import { changedFieldNames, variantEvents } from '../src/domain/product-events';
import { trashProduct } from '../src/domain/product-lifecycle';
import { updateProduct } from '../src/domain/product-update';
import { addVariant } from '../src/domain/variant';
import { aProduct, NOW } from './support/builders';

describe('product events', () => {
  it('a new product sends variant.upserted for its default variant', () => {
    const p = aProduct({ name: 'Kettle', sku: 'K-1' });
    const events = variantEvents(null, p);
    expect(events.map((e) => [e.name, e.payload.sku, e.payload.name])).toEqual([['variant.upserted', 'K-1', 'Kettle']]);
  });

  it('variant.upserted names the variant’s product and its category', () => {
    const p = aProduct({ name: 'Kettle', categoryId: 'cat_kitchen' });
    const [event] = variantEvents(null, p);
    expect(event!.payload).toMatchObject({ productId: p.id, categoryIds: ['cat_kitchen'] });
    expect(variantEvents(null, aProduct({}))[0]!.payload).toMatchObject({ categoryIds: [] });
  });

  it('a change of the product’s category sends variant.upserted again for each live variant', () => {
    const p = addVariant(aProduct({ categoryId: 'cat_a' }), 'var_extra', { sku: 'EXTRA' }, 'EXTRA', NOW);
    const moved = variantEvents(p, updateProduct(p, { categoryId: 'cat_b' }, NOW));
    expect(moved.map((e) => [e.name, e.payload.variantId, e.payload.categoryIds]).sort()).toEqual(
      p.variants.map((v) => ['variant.upserted', v.id, ['cat_b']]).sort(),
    );
    expect(variantEvents(p, updateProduct(p, { categoryId: null }, NOW))[0]!.payload).toMatchObject({
      categoryIds: [],
    });
    expect(variantEvents(p, updateProduct(p, { description: 'Same category' }, NOW))).toEqual([]);
  });

  it('a cost change from one number to another sends variant.cost_changed, a first cost does not', () => {
    const p = aProduct({ cost: 10 });
    const changed = variantEvents(p, updateProduct(p, { cost: 12 }, NOW));
    expect(changed.map((e) => e.name)).toEqual(['variant.cost_changed']);
    expect(changed[0]!.payload).toMatchObject({ oldCost: 10, newCost: 12 });
    const none = aProduct({});
    expect(variantEvents(none, updateProduct(none, { cost: 5 }, NOW))).toEqual([]);
  });

  it('trashing sends variant.deleted for every live variant', () => {
    const p = addVariant(aProduct({}), 'var_extra', { sku: 'EXTRA' }, 'EXTRA', NOW);
    const events = variantEvents(p, trashProduct(p, NOW));
    expect(events.map((e) => [e.name, e.payload.variantId]).sort()).toEqual(
      p.variants.map((v) => ['variant.deleted', v.id]).sort(),
    );
  });

  it('names the changed public fields, never the derived ones', () => {
    const p = aProduct({ price: 10 });
    expect(changedFieldNames(p, updateProduct(p, { price: 11, name: 'New' }, NOW))).toEqual(
      expect.arrayContaining(['name', 'price', 'variants']),
    );
    expect(changedFieldNames(p, { ...p, margin: 3 })).toEqual([]);
  });
});
