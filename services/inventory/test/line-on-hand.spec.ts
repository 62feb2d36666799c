import { receiveCost } from '../src/domain/cost-in';
import { takeStockCost } from '../src/domain/cost-out';
import type { CostPool } from '../src/domain/cost-layer';
import { lineOnHand, linesOnHand } from '../src/domain/line-on-hand';
import { ctx, pool } from './support/costing';

const when = new Date('2026-01-02T00:00:00Z');
const line = (origin: string, receivedQuantity = 10, variantId = 'var_1') => ({
  origin,
  variantId,
  warehouseId: 'wh_a',
  receivedQuantity,
});

/** FIFO in wh_a: 10 @ 2.00 from po_1's line (older), then 10 @ 3.00 from po_2's; 12 sold, oldest first. */
function twoReceiptsSold(): CostPool[] {
  const first = receiveCost(
    pool('wh_a', 'FIFO'),
    { quantity: 10, unitCostCents: 200, origin: 'po_1:ln_1' },
    ctx('m1', 1),
  );
  const second = receiveCost(first.pool, { quantity: 10, unitCostCents: 300, origin: 'po_2:ln_1' }, ctx('m2', 2));
  return [takeStockCost(second.pool, 'SALE', 12, ctx('m3', 3)).pool];
}

describe('lineOnHand', () => {
  it('counts the line own layers under FIFO, at most what was received; none left: all sold', () => {
    const pools = twoReceiptsSold();
    // The older line was sold first: none of it is left; the newer keeps 8 of its 10.
    expect(lineOnHand(pools, line('po_1:ln_1'))).toEqual({ onHand: 0, sold: 10 });
    expect(lineOnHand(pools, line('po_2:ln_1'))).toEqual({ onHand: 8, sold: 2 });
    expect(lineOnHand(pools, line('po_2:ln_1', 3))).toEqual({ onHand: 3, sold: 0 });
    expect(lineOnHand([pool('wh_a', 'FIFO')], line('po_1:ln_1'))).toEqual({ onHand: 0, sold: 10 });
  });

  it('finds the line layers in any warehouse (a transfer carries them)', () => {
    const moved = { ...twoReceiptsSold()[0]!, warehouseId: 'wh_b' };
    expect(lineOnHand([pool('wh_a', 'FIFO'), moved], line('po_2:ln_1'))).toEqual({ onHand: 8, sold: 2 });
  });

  it('takes a mixed moving-average pool stored before its inflow was kept as holding the line first', () => {
    const mixed = {
      ...pool('wh_a', 'MOVING_AVERAGE'),
      layers: [{ quantity: 7, valueCents: 1400, receivedAt: when, origin: null }],
    };
    expect(lineOnHand([mixed], line('po_1:ln_1'))).toEqual({ onHand: 7, sold: 3 });
  });

  it('gives each line of a mixed moving-average pool its share of what is left of what came in', () => {
    // 20 came in (10 of this line), 8 are left: 8/20 of the line's 10 units are on hand.
    const mixed = {
      ...pool('wh_a', 'MOVING_AVERAGE'),
      layers: [{ quantity: 8, valueCents: 2000, receivedAt: when, origin: null, inflow: 20 }],
    };
    expect(lineOnHand([mixed], line('po_1:ln_1'))).toEqual({ onHand: 4, sold: 6 });
  });
});

describe('linesOnHand', () => {
  it('answers each asked line in order with its variant pools; a variant without any has all sold', () => {
    const pools = new Map([['var_1', twoReceiptsSold()]]);
    expect(linesOnHand(pools, [line('po_2:ln_1'), line('po_9:ln_1', 4, 'var_none'), line('po_1:ln_1')])).toEqual([
      { origin: 'po_2:ln_1', variantId: 'var_1', onHand: 8, sold: 2 },
      { origin: 'po_9:ln_1', variantId: 'var_none', onHand: 0, sold: 4 },
      { origin: 'po_1:ln_1', variantId: 'var_1', onHand: 0, sold: 10 },
    ]);
  });
});
