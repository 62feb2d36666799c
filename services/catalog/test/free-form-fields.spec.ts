import { variantDisplayName } from '../src/domain/product-events';
import { searchTermsOf } from '../src/domain/product-search';
import { settle } from '../src/domain/product-settle';
import { templateStatus } from '../src/domain/product-template';
import type { ProductState } from '../src/domain/product';
import { addVariant } from '../src/domain/variant';
import { aProduct, NOW } from './support/builders';

/**
 * `customFields` (products) and `options` (variants) are free-form JSON to the code that reads
 * them (stored documents may predate a stricter schema): nested objects, arrays, null, numbers.
 */
describe('free-form fields read by the domain', () => {
  const custom = (customFields: unknown) =>
    ({ ...aProduct({}), categoryId: 'cat_1', customFields }) as unknown as ProductState & Record<string, unknown>;
  const template = (...keys: string[]) => ({ coreFields: [], customFields: keys });

  it('template status counts nested objects, arrays and numbers as filled; null, [] and {} as missing', () => {
    const p = custom({ spec: { a: { b: [1, 2] } }, tags: ['x'], zero: 0, no: false, none: null, empty: [], blank: {} });
    const status = templateStatus(p, template('spec', 'tags', 'zero', 'no', 'none', 'empty', 'blank', 'absent'));
    expect(status.filled).toEqual(['customFields.spec', 'customFields.tags', 'customFields.zero', 'customFields.no']);
    expect(status.missing).toEqual([
      'customFields.none',
      'customFields.empty',
      'customFields.blank',
      'customFields.absent',
    ]);
  });

  it("template status never takes Object's own keys for a product's custom fields", () => {
    const status = templateStatus(custom({}), template('constructor', '__proto__', 'toString'));
    expect(status.filled).toEqual([]);
    expect(status.complete).toBe(false);
  });

  it('template status copes with custom fields that are null, an array or text (all missing)', () => {
    for (const fields of [null, undefined, ['material'], 'material', 7]) {
      expect(templateStatus(custom(fields), template('material')).missing).toEqual(['customFields.material']);
    }
  });

  it('settles and derives search terms of a product with nested custom fields and odd options', () => {
    const base = addVariant(aProduct({ name: 'Desk' }), 'var_odd', { sku: 'ODD-1' }, 'ODD-1', NOW);
    const odd = {
      ...base,
      customFields: { nested: { deep: [{ x: null }] }, list: [1, 'a', null] },
      variants: base.variants.map((v) =>
        v.id === 'var_odd' ? { ...v, options: { size: { w: 1 }, tags: ['a'], none: null, n: 42 } as never } : v,
      ),
    };
    const settled = settle(odd, template('nested'));
    expect(settled.skuKeys).toContain('ODD-1');
    expect(searchTermsOf(settled)).toEqual(expect.arrayContaining(['odd-1', 'desk']));
  });

  it('names a variant by its text, number and boolean options only (never [object Object])', () => {
    const p = addVariant(aProduct({ name: 'Tee' }), 'var_t', { sku: 'TEE-2' }, 'TEE-2', NOW);
    const v = p.variants.find((x) => x.id === 'var_t')!;
    const named = (options: unknown) => variantDisplayName(p, { ...v, options: options as never });
    expect(named({ colour: 'Red', size: { eu: 42 }, tags: ['a'], none: null, n: 42, on: true })).toBe(
      'Tee - Red / 42 / true',
    );
    expect(named({ only: { nested: 'x' } })).toBe('Tee');
    expect(named(null)).toBe('Tee');
    expect(named(['Red'])).toBe('Tee');
  });
});
