import { derived } from '../../src/domain/derived';
import type { Hold } from '../../src/domain/hold';
import type { Order, OrderLine } from '../../src/domain/order';

export const NOW = new Date('2026-03-01T12:00:00Z');

export const aLine = (fields: Partial<OrderLine> = {}): OrderLine => ({
  id: 'oln_1',
  channelLineId: 'L1',
  sku: 'SKU-1',
  variantId: 'var_1',
  productType: 'SIMPLE',
  name: 'Widget',
  quantity: 3,
  unitPrice: 2.5,
  shippedQuantity: 0,
  ...fields,
});

export const anOrder = (fields: Partial<Order> = {}): Order =>
  derived({
    id: 'ord_1',
    orgId: 'org_1',
    version: 1,
    channelId: 'ch_1',
    channelPlatform: 'API',
    channelOrderId: 'A-1',
    status: 'PROCESSING',
    channelStatus: null,
    orderedAt: NOW,
    currency: 'EUR',
    customer: { name: null, email: null, phone: null },
    shippingAddress: null,
    notes: null,
    channelNotes: null,
    lines: [aLine()],
    history: [],
    shipments: [],
    lineCount: 0,
    quantity: 0,
    total: 0,
    blockedOnBuild: false,
    assemblyStock: {},
    channelUpdatedAt: null,
    syncedAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    deletedAt: null,
    ...fields,
  });

export const aHold = (fields: Partial<Hold> = {}): Hold => ({
  id: 'res_1',
  orgId: 'org_1',
  version: 1,
  orderId: 'ord_1',
  orderStatus: 'PROCESSING',
  lineId: 'oln_1',
  variantId: 'var_1',
  status: 'PENDING',
  quantity: 3,
  warehouseId: 'wh_1',
  reservedQuantity: 3,
  committedQuantity: 0,
  reserves: 1,
  releases: 0,
  pendingMove: null,
  sourceChannelId: null,
  purchaseOrderLineId: null,
  purchaseOrderId: null,
  kitLevel: false,
  kitParentLineId: null,
  generation: 0,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...fields,
});
