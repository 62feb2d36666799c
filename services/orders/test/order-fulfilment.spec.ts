import { fulfilmentMayMove, fulfilmentOf, withFulfilment } from '../src/domain/order-fulfilment';
import { orderView } from '../src/domain/order-view';
import { aHold, aLine, anOrder, NOW } from './support/builders';

const LATER = new Date(NOW.getTime() + 60_000);
const committed = (fields: Parameters<typeof aHold>[0] = {}) =>
  aHold({ status: 'COMMITTED', reservedQuantity: 0, committedQuantity: fields.quantity ?? 3, ...fields });
const lineStatuses = (o: ReturnType<typeof anOrder>) =>
  orderView(o).lines.map((l) => [l.fulfilledQuantity, l.fulfillmentStatus]);

describe('fulfilment shown on the order, from its holds', () => {
  it('a line whose holds were deducted for its whole quantity is FULFILLED, and so is the order (fulfilledAt)', () => {
    const order = withFulfilment(anOrder(), [committed()], { now: NOW });
    expect(fulfilmentOf(order)).toMatchObject({ status: 'FULFILLED', fulfilledAt: NOW });
    expect(lineStatuses(order)).toEqual([[3, 'FULFILLED']]);
    // Computed again later: nothing moves, the same object (the store writes nothing), fulfilledAt kept.
    expect(withFulfilment(order, [committed()], { now: LATER })).toBe(order);
  });

  it('some lines deducted: PARTIALLY_FULFILLED, each line its own status; fulfilledAt null', () => {
    const order = anOrder({ lines: [aLine(), aLine({ id: 'oln_2', quantity: 2 })] });
    const holds = [committed(), aHold({ id: 'res_2', lineId: 'oln_2', quantity: 2 })];
    const shown = withFulfilment(order, holds, { now: NOW });
    expect(fulfilmentOf(shown)).toMatchObject({ status: 'PARTIALLY_FULFILLED', fulfilledAt: null });
    expect(lineStatuses(shown)).toEqual([
      [3, 'FULFILLED'],
      [0, 'UNFULFILLED'],
    ]);
  });

  it('holds covering less than the line (raised since) leave it PARTIALLY; more counts its quantity', () => {
    const raised = withFulfilment(anOrder({ lines: [aLine({ quantity: 5 })] }), [committed()], { now: NOW });
    expect(fulfilmentOf(raised).status).toBe('PARTIALLY_FULFILLED');
    expect(lineStatuses(raised)).toEqual([[3, 'PARTIALLY_FULFILLED']]);
    const lowered = withFulfilment(anOrder({ lines: [aLine({ quantity: 2 })] }), [committed()], { now: NOW });
    expect(lineStatuses(lowered)).toEqual([[2, 'FULFILLED']]);
  });

  it('a kit line counts whole kits: a generation of leaf holds fulfils its kits once every leaf was deducted', () => {
    const order = anOrder({ lines: [aLine({ productType: 'BUNDLE', quantity: 2 })] });
    const kit = aHold({ kitLevel: true, status: 'CANCELLED', quantity: 2, reservedQuantity: 0 });
    const leaf = (variantId: string, quantity: number, deducted: boolean) =>
      (deducted ? committed : aHold)({ id: `res_1.${variantId}`, variantId, quantity, kitParentLineId: 'oln_1' });
    const partly = withFulfilment(order, [kit, leaf('var_a', 8, true), leaf('var_b', 6, false)], { now: NOW });
    expect(lineStatuses(partly)).toEqual([[0, 'UNFULFILLED']]);
    expect(fulfilmentOf(partly).status).toBe('UNFULFILLED');
    const all = withFulfilment(order, [kit, leaf('var_a', 8, true), leaf('var_b', 6, true)], { now: NOW });
    expect(lineStatuses(all)).toEqual([[2, 'FULFILLED']]);
    // Not expanded yet: the kit-level hold deducts nothing, and the line counts, unfulfilled.
    const unexpanded = withFulfilment(order, [aHold({ kitLevel: true, quantity: 2, reservedQuantity: 0 })], {
      now: NOW,
    });
    expect(fulfilmentOf(unexpanded).status).toBe('UNFULFILLED');
  });

  it('lines holding no stock (no hold, dropship) are left out; alone, FULFILLED only after a fulfil call', () => {
    const dropship = aHold({
      id: 'res_2',
      lineId: 'oln_2',
      status: 'ALLOCATED',
      sourceChannelId: 'src_1',
      reservedQuantity: 0,
    });
    const lines = [aLine(), aLine({ id: 'oln_2' }), aLine({ id: 'oln_3', variantId: null })];
    const mixed = withFulfilment(anOrder({ lines }), [committed(), dropship], { now: NOW, called: true });
    expect(fulfilmentOf(mixed).status).toBe('FULFILLED');
    expect(lineStatuses(mixed)).toEqual([
      [3, 'FULFILLED'],
      [0, 'FULFILLED'],
      [0, 'FULFILLED'],
    ]);
    const holdless = anOrder({ lines: [aLine({ variantId: null })] });
    expect(fulfilmentOf(withFulfilment(holdless, [], { now: NOW })).status).toBe('UNFULFILLED');
    const marked = withFulfilment(holdless, [], { now: NOW, called: true });
    expect(fulfilmentOf(marked)).toMatchObject({ status: 'FULFILLED', fulfilledAt: NOW, called: true });
    expect(lineStatuses(marked)).toEqual([[0, 'FULFILLED']]);
  });

  it('a line whose holds were all cancelled counts, unfulfilled; restored and deducted, it is FULFILLED', () => {
    const cancelled = aHold({ status: 'CANCELLED', reservedQuantity: 0 });
    expect(fulfilmentOf(withFulfilment(anOrder(), [cancelled], { now: NOW, called: true })).status).toBe('UNFULFILLED');
    expect(fulfilmentOf(withFulfilment(anOrder(), [committed()], { now: NOW })).status).toBe('FULFILLED');
  });

  it('an order stored before this reads as nothing fulfilled, and is computed at its next refresh', () => {
    const legacy = anOrder({ fulfilment: undefined });
    expect(orderView(legacy)).toMatchObject({ fulfillmentStatus: 'UNFULFILLED', fulfilledAt: null });
    expect(lineStatuses(legacy)).toEqual([[0, 'UNFULFILLED']]);
    expect(fulfilmentMayMove(legacy)).toBe(true);
    const computed = withFulfilment(legacy, [aHold()], { now: NOW });
    expect(computed).not.toBe(legacy);
    expect(fulfilmentMayMove(computed)).toBe(false);
    expect(fulfilmentMayMove(withFulfilment(computed, [], { now: NOW, called: true }))).toBe(true);
  });
});
