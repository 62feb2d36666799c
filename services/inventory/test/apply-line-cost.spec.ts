import { applyLineCost } from '../src/domain/apply-line-cost';
import { receiveCost } from '../src/domain/cost-in';
import { takeStockCost } from '../src/domain/cost-out';
import type { StockLevel } from '../src/domain/stock-level';
import { at, level } from './support/builders';
import { ctx, layersOf, pool } from './support/costing';

const ORIGIN = 'po_1:ln_1';
const line = (amountCents: number, receivedQuantity = 10) => ({
  purchaseOrderId: 'po_1',
  lineId: 'ln_1',
  variantId: 'var_1',
  warehouseId: 'wh_a',
  receivedQuantity,
  amountCents,
});
const applied = (revision: number, amountCents: number) => ({
  kind: 'LANDED_COST' as const,
  sourceId: 'lc_1',
  revision,
  lines: [line(amountCents)],
});
const when = new Date('2026-01-02T00:00:00Z');

/** 10 received @ 2.00 from line 1 (FIFO), 6 sold: 4 on hand worth 800. */
function afterSale(): StockLevel {
  const received = receiveCost(
    pool('wh_a', 'FIFO'),
    { quantity: 10, unitCostCents: 200, origin: ORIGIN },
    ctx('m1', 1),
  );
  const sold = takeStockCost(received.pool, 'SALE', 6, ctx('m2', 2)).pool;
  return level([at('wh_a', null, 4)], { variantId: 'var_1', costPools: [sold] });
}
const figures = (entries: { valueCents: number; cogsCents: number }[]) =>
  entries.map((e) => [e.valueCents, e.cogsCents]);

describe('applyLineCost (landed costs)', () => {
  it('puts 10.00 on 4 on hand and 6 sold: 400 into the layer, 600 to COGS, and records revision and amount', () => {
    const { state, result } = applyLineCost(afterSale(), applied(1, 1000), when);
    expect(figures(result!.entries)).toEqual([
      [400, 0],
      [0, 600],
    ]);
    expect(layersOf(state!.costPools![0]!)).toEqual([[4, 1200]]);
    expect(state!.landedCosts).toEqual([{ key: 'lc_1:ln_1', revision: 1, cents: 1000 }]);
    expect(result!.entries[0]!.cause).toEqual({ type: 'landed_cost', id: 'lc_1:ln_1:1' });
  });

  it('changes nothing for the same revision again, or an older one arriving late', () => {
    const once = applyLineCost(afterSale(), applied(2, 1000), when).state!;
    expect(applyLineCost(once, applied(2, 1000), when)).toEqual({ result: { entries: [] } });
    expect(applyLineCost(once, applied(1, 300), when)).toEqual({ result: { entries: [] } });
  });

  it('applies a newer revision as the difference, and a deletion (0) as all of it back', () => {
    const once = applyLineCost(afterSale(), applied(1, 1000), when).state!;
    const less = applyLineCost(once, applied(2, 500), when);
    expect(figures(less.result!.entries)).toEqual([
      [-200, 0],
      [0, -300],
    ]);
    const gone = applyLineCost(less.state!, applied(3, 0), when);
    expect(figures(gone.result!.entries)).toEqual([
      [-200, 0],
      [0, -300],
    ]);
    expect(layersOf(gone.state!.costPools![0]!)).toEqual([[4, 800]]);
    expect(gone.state!.landedCosts).toEqual([{ key: 'lc_1:ln_1', revision: 3, cents: 0 }]);
  });

  it('puts all of it to COGS on a level with no stock yet, booked at the line warehouse', () => {
    const empty = level([], { variantId: 'var_1' });
    const { result } = applyLineCost(empty, applied(1, 1000), when);
    expect(result!.entries.map((e) => [e.warehouseId, e.valueCents, e.cogsCents])).toEqual([['wh_a', 0, 1000]]);
  });

  it('leaves lines of other variants alone', () => {
    const other = { ...applied(1, 0), lines: [{ ...line(1000), variantId: 'var_2' }] };
    expect(applyLineCost(afterSale(), other, when)).toEqual({ result: { entries: [] } });
  });
});

describe('applyLineCost (invoice variances)', () => {
  const variance = (revision: number, amountCents: number) => ({
    kind: 'COST_VARIANCE' as const,
    sourceId: 'inv_1',
    revision,
    lines: [line(amountCents)],
  });

  it('takes a cheaper invoice off the layer and COGS by the same split, recorded apart from landed costs', () => {
    const once = applyLineCost(afterSale(), applied(1, 1000), when).state!;
    const { state, result } = applyLineCost(once, variance(1, -500), when);
    expect(figures(result!.entries)).toEqual([
      [-200, 0],
      [0, -300],
    ]);
    expect(result!.entries.map((e) => [e.kind, e.cause])).toEqual([
      ['COST_VARIANCE', { type: 'invoice_line', id: 'inv_1:ln_1:1' }],
      ['COST_VARIANCE', { type: 'invoice_line', id: 'inv_1:ln_1:1' }],
    ]);
    expect(state!.costVariances).toEqual([{ key: 'inv_1:ln_1', revision: 1, cents: -500 }]);
    expect(state!.landedCosts).toEqual([{ key: 'lc_1:ln_1', revision: 1, cents: 1000 }]);
  });

  it('never takes a layer below 0: what it cannot give back goes to COGS', () => {
    const { state, result } = applyLineCost(afterSale(), variance(1, -5000), when);
    expect(figures(result!.entries)).toEqual([
      [-800, 0],
      [0, -4200],
    ]);
    expect(layersOf(state!.costPools![0]!)).toEqual([[4, 0]]);
  });
});
