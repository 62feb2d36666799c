import { categoryKeysOf, productKeyOf, StockSums, sumByKey, valuationRow } from '../src/domain/stock-valuation';
import type { StockPosition } from '../src/domain/stock-position';

/** A position of `quantity` (in whole units) worth `cents`. */
const at = (variantId: string, warehouseId: string, quantity: number, cents: number): StockPosition => ({
  variantId,
  warehouseId,
  units: quantity * 10_000,
  cents,
});

describe('stock valuation groups (sumByKey)', () => {
  const positions = [at('var_1', 'wh_a', 3, 900), at('var_1', 'wh_b', 2, 600), at('var_2', 'wh_a', 1, 725)];

  it('adds positions up by key, in key order, the null group last', () => {
    const byWarehouse = sumByKey(positions, (p) => [p.warehouseId]);
    expect(byWarehouse).toEqual([
      { key: 'wh_a', units: 40_000, cents: 1625 },
      { key: 'wh_b', units: 20_000, cents: 600 },
    ]);
    const unknown = sumByKey(positions, (p) => [p.variantId === 'var_2' ? null : 'prd_1']);
    expect(unknown.map((s) => s.key)).toEqual(['prd_1', null]);
  });

  it('counts a variant under each of its categories once', () => {
    const sums = sumByKey(positions, (p) => (p.variantId === 'var_1' ? ['cat_a', 'cat_b', 'cat_a'] : []));
    expect(sums.map((s) => [s.key, s.cents])).toEqual([
      ['cat_a', 1500],
      ['cat_b', 1500],
    ]);
  });

  it("adds a read's parts up per variant or warehouse as they come, and each once in the totals", () => {
    const parts = [
      ...positions,
      at('var_1', 'wh_a', -1, -300),
      at('var_3', 'wh_b', 1, 100),
      at('var_3', 'wh_b', -1, -100),
    ];
    const feed = (per: 'variant' | 'warehouse') => {
      const sums = new StockSums(per);
      for (const p of parts) sums.add(p.variantId, p.warehouseId, p.units, p.cents);
      return sums;
    };
    expect(feed('variant').groups()).toEqual([
      { key: 'var_1', units: 40_000, cents: 1200 },
      { key: 'var_2', units: 10_000, cents: 725 },
    ]);
    expect(feed('warehouse').groups()).toEqual([
      { key: 'wh_a', units: 30_000, cents: 1325 },
      { key: 'wh_b', units: 20_000, cents: 600 },
    ]);
    expect(feed('variant').totals()).toEqual({ totalQuantity: 5, totalValue: 19.25 });
  });

  it('leaves out a group with neither quantity nor value', () => {
    expect(sumByKey([at('var_3', 'wh_a', 0, 0)], (p) => [p.variantId])).toEqual([]);
  });

  it('keys a variant the read model lacks, or one with no category, under null', () => {
    expect(productKeyOf(undefined)).toEqual([null]);
    expect(categoryKeysOf(undefined)).toEqual([null]);
    const grouping = { sku: 'S', name: 'N', productId: 'prd_1', categoryIds: [] };
    expect(categoryKeysOf(grouping)).toEqual([null]);
    expect(productKeyOf(grouping)).toEqual(['prd_1']);
  });

  it('answers a row in money: value exact, unit cost to the cent, null with no quantity', () => {
    expect(valuationRow({ key: 'wh_b', units: 30_000, cents: 1325 }, { name: 'B' })).toEqual({
      key: 'wh_b',
      sku: null,
      name: 'B',
      quantity: 3,
      unitCost: 4.42,
      value: 13.25,
    });
    expect(valuationRow({ key: 'x', units: 0, cents: 5 }).unitCost).toBeNull();
  });
});
