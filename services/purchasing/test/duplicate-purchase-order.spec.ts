import { duplicatePurchaseOrder } from '../src/domain/duplicate-purchase-order';
import type { PurchaseOrder } from '../src/domain/purchase-order';

const line = (over: Partial<PurchaseOrder['lines'][number]> = {}): PurchaseOrder['lines'][number] => ({
  id: 'ln_1',
  variantId: 'var_1',
  sku: 'W-1',
  name: 'Widget',
  supplierSku: 'SUP-1',
  quantity: 10,
  unitCost: 2.5,
  receivedQuantity: 4,
  reservationIds: ['res_1'],
  ...over,
});

const order = (over: Partial<PurchaseOrder> = {}) =>
  ({
    id: 'po_1',
    orgId: 'org_1',
    orderNumber: 'PO-000001',
    channelId: 'src_1',
    supplierName: 'Acme',
    type: 'STANDARD',
    status: 'CLOSED',
    warehouseId: 'wh_1',
    currency: 'EUR',
    expectedAt: new Date('2026-12-01'),
    notes: 'Dock 2',
    lines: [line(), line({ id: 'ln_2', variantId: 'var_2', supplierSku: null, quantity: 3, unitCost: 0 })],
    ...over,
  }) as PurchaseOrder;

describe('duplicating a purchase order', () => {
  it('orders again its supplier, type, warehouse, currency, notes and each line as ordered, at its cost', () => {
    expect(duplicatePurchaseOrder(order())).toEqual({
      channelId: 'src_1',
      type: 'STANDARD',
      warehouseId: 'wh_1',
      currency: 'EUR',
      notes: 'Dock 2',
      lines: [
        { variantId: 'var_1', quantity: 10, unitCost: 2.5, supplierSku: 'SUP-1' },
        { variantId: 'var_2', quantity: 3, unitCost: 0 },
      ],
    });
  });

  it('leaves out what a drop-ship order or one without notes does not have; never the number or dates', () => {
    const copy = duplicatePurchaseOrder(order({ type: 'DROPSHIP', warehouseId: null, notes: null, lines: [] }));
    expect(copy).toEqual({ channelId: 'src_1', type: 'DROPSHIP', currency: 'EUR', lines: [] });
    expect(copy).not.toHaveProperty('orderNumber');
    expect(copy).not.toHaveProperty('expectedAt');
  });
});
