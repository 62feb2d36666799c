import {
  retireDefault,
  retireDefaultBesideVariants,
  soleUntouchedDefault,
  untouchedDefault,
  untouchedDefaultBesideVariants,
} from '../src/domain/default-variant';
import { liveVariants } from '../src/domain/product-derived';
import { addVariant, deleteVariant, updateVariant } from '../src/domain/variant';
import { aProduct, NOW } from './support/builders';

const LATER = new Date(NOW.getTime() + 60_000);

describe('the untouched default variant', () => {
  it('is the variant made with the product while nobody gave it a name, options, barcodes or an offer', () => {
    const p = aProduct({ sku: 'TEE' });
    expect(untouchedDefault(p)?.id).toBe(p.variants[0]!.id);
    expect(soleUntouchedDefault(p)?.id).toBe(p.variants[0]!.id);
    const id = p.variants[0]!.id;
    expect(untouchedDefault(updateVariant(p, id, { options: { size: 'S' } }, NOW))).toBeUndefined();
    expect(untouchedDefault(updateVariant(p, id, { name: 'Small' }, NOW))).toBeUndefined();
    expect(untouchedDefault(updateVariant(p, id, { barcodes: ['0123'] }, NOW))).toBeUndefined();
    const linked = { ...p, variants: [{ ...p.variants[0]!, sourceLinked: true }] };
    expect(untouchedDefault(linked)).toBeUndefined();
    expect(untouchedDefault({ ...p, deletedAt: NOW })).toBeUndefined();
  });

  it('is never a later variant that became the default when the first one was deleted', () => {
    const withB = addVariant(aProduct({ sku: 'A' }), 'var_b', { sku: 'B' }, 'B', NOW);
    const heirOnly = deleteVariant(withB, withB.variants[0]!.id, NOW);
    expect(heirOnly.variants[1]).toMatchObject({ id: 'var_b', isDefault: true });
    expect(untouchedDefault(heirOnly)).toBeUndefined();
  });

  it('beside other variants it is the migration candidate, alone it is the one the first variant replaces', () => {
    const p = aProduct({ sku: 'A' });
    expect(untouchedDefaultBesideVariants(p)).toBeUndefined();
    const withB = addVariant(p, 'var_b', { sku: 'B' }, 'B', NOW);
    expect(untouchedDefaultBesideVariants(withB)?.id).toBe(p.variants[0]!.id);
    expect(soleUntouchedDefault(withB)).toBeUndefined();
  });
});

describe('retiring the untouched default', () => {
  it('before the first variant is added: the new variant is the only one, the default at position 0', () => {
    const p = aProduct({ sku: 'TEE', price: 15, cost: 6 });
    const defaultId = p.variants[0]!.id;
    const next = addVariant(retireDefault(p, defaultId, LATER), 'var_red', { sku: 'TEE-RED' }, 'TEE-RED', LATER);
    expect(liveVariants(next).map((v) => [v.id, v.isDefault, v.position])).toEqual([['var_red', true, 0]]);
    expect(next.variants[0]).toMatchObject({ id: defaultId, deletedAt: LATER, isDefault: false });
    expect(next).toMatchObject({ sku: 'TEE-RED', price: 15, cost: 6 });
  });

  it('beside variants: soft-deleted, the lowest-positioned other variant becomes the default', () => {
    let p = aProduct({ sku: 'A', price: 5 });
    p = addVariant(p, 'var_c', { sku: 'C', price: 7, position: 5 }, 'C', NOW);
    p = addVariant(p, 'var_b', { sku: 'B', price: 6, position: 2 }, 'B', NOW);
    const next = retireDefaultBesideVariants(p, p.variants[0]!.id, LATER);
    expect(liveVariants(next).map((v) => [v.id, v.isDefault])).toEqual([
      ['var_c', false],
      ['var_b', true],
    ]);
    expect(next).toMatchObject({ sku: 'B', price: 6 });
  });

  it('changes nothing when the variant is no longer the untouched default, or is the last one', () => {
    const p = addVariant(aProduct({ sku: 'A' }), 'var_b', { sku: 'B' }, 'B', NOW);
    const id = p.variants[0]!.id;
    const touched = updateVariant(p, id, { options: { size: 'S' } }, NOW);
    expect(retireDefaultBesideVariants(touched, id, LATER)).toBe(touched);
    expect(retireDefaultBesideVariants(p, 'var_b', LATER)).toBe(p);
    const alone = aProduct({ sku: 'SOLO' });
    expect(retireDefaultBesideVariants(alone, alone.variants[0]!.id, LATER)).toBe(alone);
  });
});
