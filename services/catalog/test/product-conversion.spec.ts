import { convertProduct, preflight } from '../src/domain/product-conversion';
import { withComponents } from '../src/domain/product-components';
import { addVariant } from '../src/domain/variant';
import { aProduct, NOW } from './support/builders';

const none = { onHand: 0, usedAsComponent: 0, listings: 0, openHolds: 0 };
const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

describe('conversion rules', () => {
  it('supports SIMPLE → FAMILY, BUNDLE, ASSEMBLY and BUNDLE → ASSEMBLY only', () => {
    const simple = aProduct({});
    for (const t of ['FAMILY', 'BUNDLE', 'ASSEMBLY'] as const) expect(() => preflight(simple, t, none)).not.toThrow();
    expect(() => preflight(simple, 'SIMPLE', none)).toThrow(
      expect.objectContaining({ code: 'unsupported_conversion' }),
    );
    const asm = aProduct({ type: 'ASSEMBLY' });
    expect(() => preflight(asm, 'BUNDLE', none)).toThrow(expect.objectContaining({ code: 'unsupported_conversion' }));
  });

  it('blocks stock, holds, use as a component, family membership and extra variants where they matter', () => {
    const p = addVariant({ ...aProduct({}), parentId: 'prd_fam' }, 'var_x', {}, null, NOW);
    const facts = { onHand: 2, usedAsComponent: 1, listings: 0, openHolds: 1 };
    expect(codes(preflight(p, 'FAMILY', facts).blockers)).toEqual([
      'stock_on_hand',
      'open_holds',
      'used_as_component',
      'family_child',
      'multiple_variants',
    ]);
    expect(codes(preflight(p, 'ASSEMBLY', facts).blockers)).toEqual(['family_child']);
  });

  it('warns about listings that change and a BOM made from bundle rows', () => {
    const bundle = aProduct({ type: 'BUNDLE' });
    expect(codes(preflight(bundle, 'ASSEMBLY', { ...none, listings: 2 }).warnings)).toEqual([
      'bom_from_bundle',
      'listings_change',
    ]);
  });

  it('BUNDLE → ASSEMBLY makes the bundle rows the first active BOM', () => {
    const bundle = withComponents(aProduct({ type: 'BUNDLE' }), [{ variantId: 'var_9', quantity: 3 }], NOW);
    const asm = convertProduct(bundle, 'ASSEMBLY', undefined, NOW);
    expect(asm).toMatchObject({ type: 'ASSEMBLY', components: [] });
    expect(asm.boms).toEqual([
      { version: 1, active: true, rows: [{ variantId: 'var_9', quantity: 3 }], createdAt: NOW },
    ]);
  });

  it('SIMPLE → FAMILY deletes the variant', () => {
    const family = convertProduct(aProduct({}), 'FAMILY', undefined, NOW);
    expect(family.variants.every((v) => v.deletedAt === NOW)).toBe(true);
  });
});
