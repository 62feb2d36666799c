import { AppError } from '@stockyard/service-kit';
import { priceLines, offerFor } from '../src/domain/line-pricing';
import { deleteLine, updateLine } from '../src/domain/order-lines';
import { cancelPurchaseOrder, closePurchaseOrder, submitPurchaseOrder } from '../src/domain/order-lifecycle';
import { linkHolds } from '../src/domain/order-extras';
import { openQuantityOf, orderTotal } from '../src/domain/purchase-order';
import { applyReceipt, recordReceipt, rejectReceipt } from '../src/domain/receive-line';
import { updatePurchaseOrder } from '../src/domain/update-purchase-order';
import { searchTermsOf } from '../src/domain/purchase-order-search';
import { aLine, anOrder, NOW } from './support/builders';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as AppError).code;
  }
  return 'no error';
};
const request = (quantity: number, receiptId = 'rcp_1', requestKey: string | null = null) => ({
  quantity,
  receiptId,
  requestKey,
});

describe('receipts', () => {
  const submitted = () => anOrder({ status: 'SUBMITTED', lines: [aLine({ id: 'pol_a', quantity: 5 })] });

  it('counts pending receipts against the open quantity (over_receipt)', () => {
    const recorded = recordReceipt(submitted(), 'pol_a', request(3), NOW).state!;
    expect(openQuantityOf(recorded, recorded.lines[0]!)).toBe(2);
    expect(codeOf(() => recordReceipt(recorded, 'pol_a', request(2.5, 'rcp_2'), NOW))).toBe('over_receipt');
    expect(recorded.pendingReceipts).toBe(true);
  });

  it('takes up the receipt an Idempotency-Key recorded instead of a second one', () => {
    const recorded = recordReceipt(submitted(), 'pol_a', request(5, 'rcp_1', 'key1'), NOW).state!;
    const again = recordReceipt(recorded, 'pol_a', request(5, 'rcp_2', 'key1'), NOW);
    expect(again.state).toBeUndefined();
    expect(again.result!.id).toBe('rcp_1');
  });

  it('applies a receipt once: the line, the status, line_received and status_changed', () => {
    const recorded = recordReceipt(submitted(), 'pol_a', request(5), NOW).state!;
    const applied = applyReceipt(recorded, 'rcp_1', NOW);
    expect(applied.state).toMatchObject({ status: 'RECEIVED', pendingReceipts: false, receivedAt: NOW });
    expect(applied.events!.map((e) => e.name)).toEqual([
      'purchase_order.line_received',
      'purchase_order.status_changed',
    ]);
    expect(applyReceipt(applied.state!, 'rcp_1', NOW).state).toBeUndefined();
  });

  it('frees the open quantity of a rejected receipt', () => {
    const recorded = recordReceipt(submitted(), 'pol_a', request(5), NOW).state!;
    const rejected = rejectReceipt(recorded, 'rcp_1', 'resource_not_found').state!;
    expect(openQuantityOf(rejected, rejected.lines[0]!)).toBe(5);
    expect(rejected.receipts[0]).toMatchObject({ status: 'rejected', error: 'resource_not_found' });
  });

  it('sums quantities exactly (0.1 + 0.2)', () => {
    const po = anOrder({ status: 'SUBMITTED', lines: [aLine({ id: 'pol_a', quantity: 0.3 })] });
    const one = applyReceipt(recordReceipt(po, 'pol_a', request(0.1), NOW).state!, 'rcp_1', NOW).state!;
    const two = applyReceipt(recordReceipt(one, 'pol_a', request(0.2, 'rcp_2'), NOW).state!, 'rcp_2', NOW).state!;
    expect(two.status).toBe('RECEIVED');
  });
});

describe('order rules', () => {
  it('refuses to submit an order without lines', () => {
    expect(codeOf(() => submitPurchaseOrder(anOrder({ lines: [] }), NOW))).toBe('purchase_order_has_no_lines');
  });

  it('refuses to cancel an order with a receipt in progress', () => {
    const submitted = anOrder({ status: 'SUBMITTED' });
    const pending = recordReceipt(submitted, submitted.lines[0]!.id, request(1), NOW).state!;
    expect(codeOf(() => cancelPurchaseOrder(pending, NOW))).toBe('purchase_order_has_receipts');
  });

  it('refuses to close an order while a receipt is being applied', () => {
    const submitted = anOrder({ status: 'SUBMITTED', lines: [aLine({ id: 'pol_a', quantity: 5 })] });
    const partly = applyReceipt(recordReceipt(submitted, 'pol_a', request(1), NOW).state!, 'rcp_1', NOW).state!;
    const pending = recordReceipt(partly, 'pol_a', request(1, 'rcp_2'), NOW).state!;
    expect(codeOf(() => closePurchaseOrder(pending, NOW))).toBe('purchase_order_receipt_pending');
    expect(closePurchaseOrder(partly, NOW).state!.status).toBe('CLOSED');
  });

  it('keeps a line at least at what was received or is being received, and a received line undeletable', () => {
    const submitted = anOrder({ status: 'SUBMITTED', lines: [aLine({ id: 'pol_a', quantity: 5 })] });
    const pending = recordReceipt(submitted, 'pol_a', request(2), NOW).state!;
    expect(codeOf(() => updateLine(pending, 'pol_a', { quantity: 1 }))).toBe('quantity_below_received');
    expect(updateLine(pending, 'pol_a', { quantity: 2 }).state!.lines[0]!.quantity).toBe(2);
    expect(codeOf(() => deleteLine(pending, 'pol_a'))).toBe('line_has_receipts');
  });

  it('changes supplier, type, warehouse, currency and number only while DRAFT', () => {
    const submitted = anOrder({ status: 'SUBMITTED' });
    expect(codeOf(() => updatePurchaseOrder(submitted, { currency: 'USD' }))).toBe('purchase_order_locked');
    expect(updatePurchaseOrder(submitted, { notes: 'ok' }).state!.notes).toBe('ok');
    expect(codeOf(() => updatePurchaseOrder(anOrder(), { warehouseId: null }))).toBe('warehouse_required');
  });

  it('refuses a hold of another variant, and a closed one', () => {
    const po = anOrder({ lines: [aLine({ id: 'pol_a', variantId: 'var_1' })] });
    const hold = { id: 'res_1', orderId: null, variantId: 'var_2', quantity: 1, status: 'PENDING', open: true };
    expect(codeOf(() => linkHolds(po, 'pol_a', ['res_1'], [hold]))).toBe('reservation_variant_mismatch');
    const closed = { ...hold, variantId: 'var_1', status: 'CANCELLED', open: false };
    expect(codeOf(() => linkHolds(po, 'pol_a', ['res_1'], [closed]))).toBe('reservation_closed');
    expect(codeOf(() => linkHolds(po, 'pol_a', ['res_9'], []))).toBe('unknown_reservation');
  });

  it('totals in cents', () => {
    const po = anOrder({ lines: [aLine({ quantity: 3, unitCost: 0.1 }), aLine({ quantity: 0.3333, unitCost: 3 })] });
    expect(orderTotal(po)).toBe(1.3);
  });

  it('is searched by its number, its supplier and its lines’ SKUs, from word starts', () => {
    const terms = searchTermsOf(anOrder({ orderNumber: 'PO-000042', supplierName: 'Nordic Parts' }));
    expect(terms).toEqual(expect.arrayContaining(['po-000042', '000042', 'nordic parts', 'parts', 'sku-1', 'sup-1']));
  });
});

describe('line pricing', () => {
  const variant = (id: string, cost: number | null) =>
    ({ id, sku: `S-${id}`, name: null, productName: 'W', cost }) as Parameters<typeof priceLines>[1][number];
  const offer = (variantId: string, sku: string, cost: number | null, preferred = false) =>
    ({ variantId, sku, cost, preferred }) as Parameters<typeof offerFor>[0][number];
  const ids = () => 'pol_x';

  it('prices from the preferred offer, else the cheapest with a cost', () => {
    const offers = [offer('v1', 'A', 5), offer('v1', 'B', 4), offer('v1', 'C', null, true)];
    expect(offerFor(offers, 'v1')!.sku).toBe('C');
    expect(offerFor(offers.slice(0, 2), 'v1')!.sku).toBe('B');
  });

  it('falls back to the variant cost, and refuses a line with no cost at all', () => {
    const [line] = priceLines([{ variantId: 'v1', quantity: 1 }], [variant('v1', 3)], [offer('v1', 'A', null)], ids);
    expect(line).toMatchObject({ unitCost: 3, supplierSku: 'A', sku: 'S-v1' });
    const none = () => priceLines([{ variantId: 'v1', quantity: 1 }], [variant('v1', null)], [], ids);
    expect(codeOf(none)).toBe('unit_cost_required');
    expect(codeOf(() => priceLines([{ variantId: 'v9', quantity: 1 }], [], [], ids))).toBe('unknown_variant');
  });
});
