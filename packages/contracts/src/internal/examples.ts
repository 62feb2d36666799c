import type { z } from 'zod';
import { INTERNAL_ROUTES, type InternalRoute, type InternalRouteName } from './route-table';

type Routes = typeof INTERNAL_ROUTES;
type RequestOf<N extends InternalRouteName> = Routes[N]['request'] extends z.ZodType
  ? z.input<Routes[N]['request']>
  : never;
type ResponseOf<N extends InternalRouteName> = z.output<Routes[N]['response']>;

/** One call of a route as a peer makes it and what it answers: the document's examples and the mocks' templates. */
export interface InternalExample<N extends InternalRouteName> {
  request?: RequestOf<N>;
  response: ResponseOf<N>;
}

const at = '2026-03-01T09:30:00.000Z';
const variantId = 'var_5Ktq7Wd2';
const productId = 'prd_9Lmw3Xa1';
const categoryId = 'cat_2Vhq8Ls6';
const warehouseId = 'wh_3kTz8Vb0';
const sourceId = 'src_2Hpx6Yc4';
const channelId = 'ch_7Rnd2Qe5';
const poId = 'po_4Gsv1Tf8';
const lineId = 'pol_8Wcb5Nh3';
const holdId = 'hold_6Jmy9Pk2';

export const EXAMPLE_VARIANT: ResponseOf<'catalogVariants'>['data'][number] = {
  id: variantId,
  productId,
  categoryIds: [categoryId],
  productType: 'SIMPLE',
  productName: 'Pallet',
  sku: 'PAL-120',
  name: 'Pallet 120 × 80',
  options: {},
  price: 24,
  cost: 9,
  weight: 18.5,
  barcodes: ['4006381333931'],
  isDefault: true,
  archived: false,
  components: null,
  bom: null,
};
export const EXAMPLE_SOURCE: ResponseOf<'catalogSources'>['data'][number] = {
  id: sourceId,
  name: 'Acme Supply',
  email: 'orders@acme-supply.example',
  contactName: 'Jo Buyer',
  phone: null,
  address: null,
  currency: 'EUR',
  leadTimeDays: 7,
  paymentTermsDays: 30,
  active: true,
  createdAt: at,
  updatedAt: at,
  deletedAt: null,
};
export const EXAMPLE_OFFER: ResponseOf<'catalogOffers'>['data'][number] = {
  id: 'ssku_1Bqz4Rm7',
  sourceChannelId: sourceId,
  sku: 'ACME-PAL-120',
  name: 'Pallet 120',
  cost: 8,
  availableQuantity: null,
  variantId,
  upc: null,
  preferred: true,
  createdAt: at,
  updatedAt: at,
  sourceName: 'Acme Supply',
  currency: 'EUR',
};
export const EXAMPLE_CHANNEL: ResponseOf<'catalogChannels'>['data'][number] = {
  id: channelId,
  name: 'Web shop',
  platform: 'STOREFRONT',
  active: true,
  warehouseId,
  feedUrl: null,
  feedSecret: null,
};
export const EXAMPLE_WAREHOUSE: ResponseOf<'inventoryWarehouses'>['data'][number] = {
  id: warehouseId,
  name: 'Main',
  code: 'MAIN',
  address: null,
  createdAt: at,
  updatedAt: at,
  deletedAt: null,
};
export const EXAMPLE_HOLD: ResponseOf<'ordersHolds'>['data'][number] = {
  id: holdId,
  orderId: 'ord_3Dkw7Lz9',
  variantId,
  quantity: 2,
  status: 'PENDING',
  open: true,
  purchaseOrderLineId: null,
};
const move = { operationKey: `${poId}:${lineId}:rcp_5Tnx2Kv6`, variantId, warehouseId, quantity: 4 };
/** The level after an operation; a receipt and a sale write a movement, a hold and its release none. */
const level = (
  operationKey: string,
  onHand: number,
  reserved: number,
  moved?: { type: 'RECEIPT' | 'SALE'; quantity: number },
) => ({
  operationKey,
  replayed: false,
  variantId,
  onHand,
  reserved,
  available: onHand - reserved,
  movements: moved
    ? [
        {
          id: 'mov_2Vqc8Hs1',
          type: moved.type,
          variantId,
          warehouseId,
          binId: null,
          quantity: moved.quantity,
          reason: moved.type === 'RECEIPT' ? 'purchase order PO-000123' : 'order fulfilment',
          onHandAfter: onHand,
          reference: operationKey,
          createdAt: at,
        },
      ]
    : [],
});

export const INTERNAL_EXAMPLES: { [N in InternalRouteName]: InternalExample<N> } = {
  catalogVariants: {
    request: { ids: [variantId] },
    response: { data: [EXAMPLE_VARIANT], missing: { ids: [], skus: [] } },
  },
  catalogBundleLeaves: {
    request: { variantIds: [variantId] },
    response: {
      data: [{ variantId, productId, productType: 'SIMPLE', leaves: [{ variantId, quantity: 1 }] }],
      missing: [],
    },
  },
  catalogChannels: { request: { ids: [channelId] }, response: { data: [EXAMPLE_CHANNEL], missing: [] } },
  catalogFeedChannels: { request: { limit: 200 }, response: { data: [], next: null } },
  catalogFeedStatus: {
    request: {
      channelId,
      lastSyncAt: at,
      lastSuccessAt: at,
      lastError: null,
      consecutiveFailures: 0,
      nextAttemptAt: null,
    },
    response: { recorded: true },
  },
  catalogListedVariants: {
    request: { channelId, variants: [{ variantId, productId }] },
    response: { variantIds: [variantId] },
  },
  catalogSources: { request: { ids: [sourceId] }, response: { data: [EXAMPLE_SOURCE], missing: [] } },
  catalogOffers: {
    request: { variantIds: [variantId], sourceChannelId: sourceId },
    response: { data: [EXAMPLE_OFFER] },
  },
  inventoryStockOnHand: {
    request: { variantIds: [variantId] },
    response: { data: [{ variantId, onHand: 12, reserved: 2, available: 10 }] },
  },
  inventoryLinesOnHand: {
    request: { lines: [{ origin: `${poId}:${lineId}`, variantId, warehouseId, receivedQuantity: 10 }] },
    response: { data: [{ origin: `${poId}:${lineId}`, variantId, onHand: 4, sold: 6 }] },
  },
  inventoryReorderLevels: {
    request: { warehouseId },
    response: {
      data: [{ variantId, warehouseId, onHand: 2, reserved: 0, available: 2, minQuantity: 5, maxQuantity: 12 }],
      next: null,
    },
  },
  inventoryWarehouses: { request: { ids: [warehouseId] }, response: { data: [EXAMPLE_WAREHOUSE] } },
  inventoryReserve: {
    request: { ...move, operationKey: `${holdId}:reserve`, quantity: 2 },
    response: level(`${holdId}:reserve`, 4, 2),
  },
  inventoryRelease: {
    request: { ...move, operationKey: `${holdId}:release`, quantity: 2 },
    response: level(`${holdId}:release`, 4, 0),
  },
  inventoryReceive: { request: move, response: level(move.operationKey, 4, 0, { type: 'RECEIPT', quantity: 4 }) },
  inventoryDeduct: {
    request: {
      ...move,
      operationKey: `${holdId}:deduct`,
      quantity: 2,
      sale: { orderId: 'ord_3Dkw7Lz9', channelId, unitPrice: 24.5 },
    },
    response: level(`${holdId}:deduct`, 2, 0, { type: 'SALE', quantity: -2 }),
  },
  inventoryMoves: {
    request: {
      moves: [
        { kind: 'reserve', ...move, operationKey: `${holdId}:reserve`, quantity: 2 },
        { kind: 'deduct', ...move, operationKey: `${holdId}:deduct`, quantity: 9 },
      ],
    },
    response: {
      data: [
        { operationKey: `${holdId}:reserve`, ok: true, replayed: false },
        {
          operationKey: `${holdId}:deduct`,
          ok: false,
          error: { status: 422, code: 'insufficient_stock', message: 'on hand is 4, less than 9' },
        },
      ],
    },
  },
  ordersHolds: { request: { ids: [holdId] }, response: { data: [EXAMPLE_HOLD] } },
  ordersOpenHolds: { request: { variantIds: [variantId] }, response: { data: [EXAMPLE_HOLD] } },
  ordersOpenHoldCounts: { request: { variantIds: [variantId] }, response: { data: [{ variantId, count: 1 }] } },
  ordersLinkHolds: {
    request: { ids: [holdId], purchaseOrderId: poId, purchaseOrderLineId: lineId },
    response: { data: [{ ...EXAMPLE_HOLD, purchaseOrderLineId: lineId }] },
  },
  purchasingPurchaseOrders: {
    request: { ids: [poId] },
    response: {
      data: [
        {
          id: poId,
          orderNumber: 'PO-000123',
          status: 'SUBMITTED',
          type: 'STANDARD',
          channelId: sourceId,
          warehouseId,
          currency: 'EUR',
          expectedAt: null,
          deletedAt: null,
          lines: [
            {
              id: lineId,
              variantId,
              sku: 'PAL-120',
              supplierSku: 'ACME-PAL-120',
              quantity: 10,
              receivedQuantity: 0,
              unitCost: 8,
              expectedAt: null,
              reservationIds: [],
            },
          ],
        },
      ],
      missing: [],
    },
  },
  purchasingOnOrder: {
    request: { variantIds: [variantId], warehouseId },
    response: { data: [{ variantId, warehouseId, quantity: 6 }] },
  },
  purchasingReceiptLines: {
    request: { from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z', after: null, limit: 200 },
    response: {
      data: [
        {
          purchaseOrderId: poId,
          orderNumber: 'PO-000123',
          type: 'STANDARD',
          channelId: sourceId,
          supplierName: 'Acme Supply',
          currency: 'EUR',
          lineId,
          receiptId: 'rcpt_5Vdq2Lm8',
          variantId,
          quantity: 4,
          unitCost: 8,
          receivedAt: at,
        },
      ],
      next: null,
    },
  },
  // Export pages answer the list's rows of the resource (each list's own example shows one); these
  // show the envelope: a page and its `next`, or the last page.
  catalogExportRows: {
    request: { resource: 'variants', filters: { productId }, after: null, limit: 1000 },
    response: { rows: [], next: null },
  },
  inventoryExportRows: {
    request: { resource: 'stock_movements', filters: { warehouseId, type: 'RECEIPT' }, after: null, limit: 1000 },
    response: { rows: [], next: null },
  },
  purchasingExportRows: {
    request: { resource: 'purchase_orders', filters: { status: 'RECEIVED' }, after: null, limit: 1000 },
    response: { rows: [], next: null },
  },
  invoicingExportRows: {
    request: { resource: 'landed_costs', filters: { purchaseOrderId: poId }, after: null, limit: 1000 },
    response: { rows: [], next: null },
  },
  ordersExportRows: {
    request: { resource: 'holds', filters: { status: 'ALLOCATED' }, after: null, limit: 500 },
    response: { rows: [], next: null },
  },
  gatewaySettings: {
    response: {
      invoiceWorkflow: 'simple',
      accountingPush: 'none',
      matchTolerancePercent: 0,
      matchToleranceAmount: 0,
      auditRetentionDays: 365,
      updatedAt: null,
    },
  },
};

/** A route's example, for code that walks the table without knowing its names. */
export const exampleOf = (route: InternalRoute): InternalExample<InternalRouteName> =>
  INTERNAL_EXAMPLES[(Object.keys(INTERNAL_ROUTES) as InternalRouteName[]).find((n) => INTERNAL_ROUTES[n] === route)!];
