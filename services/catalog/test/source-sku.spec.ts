import { AppError } from '@stockyard/service-kit';
import { applyLink, applyOffer, costTarget, sourceSkuId, type SourceSkuState } from '../src/domain/source-sku';

const now = new Date('2026-01-01T00:00:00Z');
const offer = (over: Partial<SourceSkuState> = {}): SourceSkuState => ({
  ...applyOffer('org_1', 'src_1', 'ABC-1', undefined, { name: 'Bolt', cost: 2 }, now).next,
  ...over,
});
const linked = (over: Partial<SourceSkuState> = {}) =>
  offer({ variantId: 'var_1', productId: 'prd_1', preferred: true, ...over });

describe('source SKUs', () => {
  it('derives the id from the source and the SKU', () => {
    expect(offer().id).toBe(sourceSkuId('src_1', 'ABC-1'));
    expect(sourceSkuId('src_1', 'ABC-1')).not.toBe(sourceSkuId('src_2', 'ABC-1'));
  });

  it('keeps fields an upsert leaves out and tells unchanged from updated', () => {
    const current = offer();
    expect(applyOffer('org_1', 'src_1', 'ABC-1', current, { cost: 2 }, now)).toEqual({
      next: current,
      outcome: 'unchanged',
    });
    const { next, outcome } = applyOffer('org_1', 'src_1', 'ABC-1', current, { cost: 3 }, now);
    expect(outcome).toBe('updated');
    expect(next).toMatchObject({ name: 'Bolt', cost: 3 });
  });

  it("makes a variant's first offer preferred, not a second one", () => {
    const product = { productId: 'prd_1' };
    expect(applyLink(offer(), { variantId: 'var_1' }, product, false, now)).toMatchObject({ preferred: true });
    expect(applyLink(offer(), { variantId: 'var_1' }, product, true, now)).toMatchObject({ preferred: false });
    expect(applyLink(offer(), { variantId: 'var_1', preferred: true }, product, true, now).preferred).toBe(true);
  });

  it('unlinks (never preferred then) and refuses preferred without a variant (422)', () => {
    expect(applyLink(linked(), { variantId: null }, undefined, false, now)).toMatchObject({
      variantId: null,
      productId: null,
      preferred: false,
    });
    expect(() => applyLink(offer(), { preferred: true }, undefined, false, now)).toThrow(AppError);
  });

  it("has the variant's cost follow only a preferred, linked offer whose cost or link moved", () => {
    expect(costTarget(linked(), linked({ cost: 3 }))).toEqual({ variantId: 'var_1', productId: 'prd_1', cost: 3 });
    expect(costTarget(linked(), linked())).toBeUndefined();
    expect(costTarget(linked({ preferred: false }), linked({ preferred: false, cost: 3 }))).toBeUndefined();
    expect(costTarget(linked({ preferred: false }), linked())).toEqual({
      variantId: 'var_1',
      productId: 'prd_1',
      cost: 2,
    });
    expect(costTarget(undefined, offer({ cost: 9 }))).toBeUndefined();
    expect(costTarget(linked(), linked({ cost: null }))).toBeUndefined();
  });
});
