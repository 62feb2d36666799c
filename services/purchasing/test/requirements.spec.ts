import type { InternalVariant, Offer, ReorderLevel } from '@stockyard/contracts';
import { onOrderByPair, onOrderTermsOf, pairKey } from '../src/domain/on-order';
import { planRequirements, supplierOffer } from '../src/domain/requirements';
import { aLine, anOrder } from './support/builders';

const level = (fields: Partial<ReorderLevel> = {}): ReorderLevel => ({
  variantId: 'var_1',
  warehouseId: 'wh_1',
  onHand: 0,
  reserved: 0,
  available: 0,
  minQuantity: 5,
  maxQuantity: 10,
  ...fields,
});
const offer = (fields: Partial<Offer>): Offer =>
  ({ variantId: 'var_1', sku: 'S', cost: 1, preferred: false, sourceName: 'Src', currency: 'EUR', ...fields }) as Offer;
const variant = { id: 'var_1', sku: 'SKU-1', name: null, productName: 'Widget', cost: 3 } as InternalVariant;

describe('orders from requirements (pure rules)', () => {
  it('picks the preferred offer over a cheaper one, else the cheapest with a cost', () => {
    const offers = [offer({ sourceChannelId: 'src_a', cost: 5, preferred: true }), offer({ sourceChannelId: 'src_b' })];
    expect(supplierOffer(offers, 'var_1')!.sourceChannelId).toBe('src_a');
    const unpreferred = [offer({ sourceChannelId: 'src_a', cost: null }), offer({ sourceChannelId: 'src_b', cost: 2 })];
    expect(supplierOffer(unpreferred, 'var_1')!.sourceChannelId).toBe('src_b');
    expect(supplierOffer([offer({ sourceChannelId: 'src_a', cost: null })], 'var_1')).toBeUndefined();
  });

  it('orders up to the max less what is available and on order; covered when on order reaches the min', () => {
    const offers = [offer({ sourceChannelId: 'src_a', cost: 2 })];
    const plan = planRequirements([level({ available: 1 })], new Map([[pairKey('var_1', 'wh_1'), 3]]), offers, [
      variant,
    ]);
    expect(plan.groups).toEqual([
      expect.objectContaining({ channelId: 'src_a', needs: [expect.objectContaining({ quantity: 6 })] }),
    ]);
    const covered = planRequirements([level({ available: 1 })], new Map([[pairKey('var_1', 'wh_1'), 4]]), offers, [
      variant,
    ]);
    expect(covered.skipped).toEqual([{ variantId: 'var_1', warehouseId: 'wh_1', reason: 'already_covered' }]);
  });

  it('leaves a level without a minQuantity, or at its min, out; orders up to the min without a max', () => {
    const offers = [offer({ sourceChannelId: 'src_a' })];
    const levels = [level({ minQuantity: null }), level({ warehouseId: 'wh_2', available: 5 })];
    expect(planRequirements(levels, new Map(), offers, [variant])).toEqual({ groups: [], skipped: [] });
    const noMax = planRequirements([level({ maxQuantity: null, available: 2 })], new Map(), offers, [variant]);
    expect(noMax.groups[0]!.needs[0]!.quantity).toBe(3);
  });

  it('sums on order of open STANDARD orders only, and gives them terms while open', () => {
    const open = anOrder({ status: 'PARTIALLY_RECEIVED', lines: [aLine({ quantity: 10, receivedQuantity: 4 })] });
    const received = anOrder({ status: 'RECEIVED', lines: [aLine({ quantity: 10 })] });
    const dropship = anOrder({ type: 'DROPSHIP', lines: [aLine({ quantity: 10 })] });
    expect(onOrderByPair([open, received, dropship]).get(pairKey('var_1', 'wh_1'))).toBe(6);
    expect(onOrderTermsOf(open)).toEqual(['#onorder:var_1@wh_1']);
    expect(onOrderTermsOf(anOrder())).toEqual(['#onorder:var_1@wh_1', '#draft:src_1@wh_1']);
    expect(onOrderTermsOf(received)).toEqual([]);
  });
});
