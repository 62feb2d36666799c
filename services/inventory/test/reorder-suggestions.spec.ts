import { toUnits, type Offer, type ReorderLevel } from '@stockyard/contracts';
import {
  reorderSuggestion,
  suggestedUnits,
  supplierOffer,
  type SuggestionInput,
  type SupplierTerms,
} from '../src/domain/reorder-suggestions';

const level = (available: number, min: number | null = null, max: number | null = null): ReorderLevel => ({
  variantId: 'var_1',
  warehouseId: 'wh_a',
  onHand: available + 2,
  reserved: 2,
  available,
  minQuantity: min,
  maxQuantity: max,
});
const supplier = (leadTimeDays: number | null): SupplierTerms => ({
  sourceChannelId: 'src_1',
  supplierSku: 'SUP-1',
  unitCost: 2.5,
  currency: 'EUR',
  leadTimeDays,
});
const input = (over: Partial<SuggestionInput> & { level: ReorderLevel }): SuggestionInput => ({
  soldUnits: 0,
  days: 30,
  incoming: 0,
  supplier: undefined,
  label: undefined,
  ...over,
});
/** The suggested quantity as [rule, quantity]. */
const suggested = (over: Partial<SuggestionInput> & { level: ReorderLevel }) => {
  const { rule, units } = suggestedUnits(input(over));
  return [rule, units / 10_000];
};

describe('the suggested quantity', () => {
  it.each([
    // [available, min, max, incoming, expected]
    ['below the min: up to the max', 3, 5, 20, 0, 17],
    ['below the min with incoming: up to the max less it', 3, 5, 20, 1, 16],
    ['incoming bringing it to the min: nothing', 3, 5, 20, 2, 0],
    ['at the min: nothing (the point is "below")', 5, 5, 20, 0, 0],
    ['a min without a max: up to the min', 1, 5, null, 0, 4],
    ['a max below the min: up to the min', 1, 5, 3, 0, 4],
    ['a max without a min: below it, up to it', 7, null, 10, 0, 3],
    ['oversold below the min: the hole too', -4, 5, 20, 0, 24],
    ['fractional stock: exact in units', 2.5, 5, 7.25, 0, 4.75],
  ])('min/max, %s', (_name, available, min, max, incoming, expected) => {
    expect(suggested({ level: level(available, min, max), incoming })).toEqual(['min_max', expected]);
  });

  it('ignores velocity when a min or max is set (the rows decide)', () => {
    expect(suggested({ level: level(30, 5, 20), soldUnits: toUnits(300) })).toEqual(['min_max', 0]);
  });

  it.each([
    // 15 sold in 30 days is 0.5 a day; lead time 10: cover 40 days is 20
    ['lead time + window of sales, less available', 15, 10, 5, 0, 15],
    ['less incoming', 15, 10, 5, 6, 9],
    ['no lead time known: the window only', 15, null, 5, 0, 10],
    ['up to whole units (0.1 a day × 40 = 4)', 3, 10, 0, 0, 4],
    ['a cover of 13.33 rounds up to 14', 10, 10, 0, 0, 14],
    ['enough on hand: never negative', 15, 10, 50, 0, 0],
    ['no sales: nothing', 0, 10, 0, 0, 0],
  ])('velocity, %s', (_name, sold, leadTime, available, incoming, expected) => {
    const over = { level: level(available), soldUnits: toUnits(sold), supplier: supplier(leadTime), incoming };
    expect(suggested(over)).toEqual(['velocity', expected]);
  });

  it('counts no supplier as no lead time', () => {
    expect(suggested({ level: level(0), soldUnits: toUnits(30) })).toEqual(['velocity', 30]);
  });
});

describe('a reorder suggestion row', () => {
  it('gives velocity to 4 decimals, days of cover to 2, the supplier and the label', () => {
    const row = reorderSuggestion(
      input({
        level: level(7, null, null),
        soldUnits: toUnits(20),
        supplier: supplier(10),
        label: { sku: 'SKU-1', name: 'Widget' },
      }),
    );
    expect(row).toEqual({
      variantId: 'var_1',
      sku: 'SKU-1',
      name: 'Widget',
      warehouseId: 'wh_a',
      onHand: 9,
      reserved: 2,
      available: 7,
      minQuantity: null,
      maxQuantity: null,
      sold: 20,
      velocity: 0.6667,
      daysOfCover: 10.5,
      incoming: 0,
      sourceChannelId: 'src_1',
      supplierSku: 'SUP-1',
      leadTimeDays: 10,
      unitCost: 2.5,
      currency: 'EUR',
      rule: 'velocity',
      // 20 / 30 × 40 = 26.67 → 27, less 7
      suggestedQuantity: 20,
    });
  });

  it('has no days of cover without sales, 0 when oversold, and nulls without a supplier', () => {
    expect(reorderSuggestion(input({ level: level(7) }))).toMatchObject({
      velocity: 0,
      daysOfCover: null,
      sourceChannelId: null,
      leadTimeDays: null,
      unitCost: null,
      sku: null,
    });
    expect(reorderSuggestion(input({ level: level(-3), soldUnits: toUnits(3) })).daysOfCover).toBe(0);
  });
});

describe("a variant's supplier", () => {
  const offer = (sourceChannelId: string, cost: number | null, preferred = false, variantId = 'var_1') =>
    ({ variantId, sourceChannelId, cost, preferred, sku: `${sourceChannelId}-sku` }) as Offer;

  it('is the preferred offer’s source, whatever its cost', () => {
    const offers = [offer('src_a', 1), offer('src_b', 9, true)];
    expect(supplierOffer(offers, 'var_1')?.sourceChannelId).toBe('src_b');
  });

  it('else the lowest cost (ties: the smaller source id); an offer without a cost is no supplier', () => {
    expect(supplierOffer([offer('src_c', 2), offer('src_b', 2), offer('src_a', 3)], 'var_1')?.sourceChannelId).toBe(
      'src_b',
    );
    expect(supplierOffer([offer('src_a', null)], 'var_1')).toBeUndefined();
    expect(supplierOffer([offer('src_a', 1, false, 'var_2')], 'var_1')).toBeUndefined();
  });
});
