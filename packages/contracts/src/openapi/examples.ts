/**
 * The documented example of a route: its path parameters, query and body. Ids in it are
 * example ids (`wh_example`); the route whose answer makes the thing says so in `makes`, so the
 * examples run in this order against a real stack (test/api-examples.int.spec.ts), each example
 * id replaced by the id the stack gave. The first example of a route is the one the document shows.
 */
export interface RouteExample {
  /** `METHOD path` of the row of the route table. */
  route: string;
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** Example id → where the answer holds the real one (`id`, `variants.0.id`). */
  makes?: Record<string, string>;
}

const wh = { warehouseId: 'wh_example' };
const product = { id: 'prod_example' };
const po = { id: 'po_example' };

/** Warehouses, bins, brands, categories, products and variants: what the other examples refer to. */
const CATALOG_AND_WAREHOUSES: RouteExample[] = [
  {
    route: 'POST /warehouses',
    body: { name: 'Main warehouse', code: 'MAIN', address: '1 Dock Road, Rotterdam' },
    makes: { wh_example: 'id' },
  },
  { route: 'GET /warehouses', query: { limit: 20 } },
  { route: 'GET /warehouses/{warehouseId}', params: wh },
  { route: 'PATCH /warehouses/{warehouseId}', params: wh, body: { address: '2 Dock Road, Rotterdam' } },
  { route: 'POST /warehouses/{warehouseId}/bins', params: wh, body: { name: 'A-01' }, makes: { bin_example: 'id' } },
  { route: 'GET /warehouses/{warehouseId}/bins', params: wh },
  {
    route: 'PATCH /warehouses/{warehouseId}/bins/{binId}',
    params: { ...wh, binId: 'bin_example' },
    body: { name: 'A-02' },
  },
  { route: 'POST /brands', body: { name: 'Acme' }, makes: { brand_example: 'id' } },
  { route: 'GET /brands' },
  { route: 'GET /brands/{id}', params: { id: 'brand_example' } },
  { route: 'PATCH /brands/{id}', params: { id: 'brand_example' }, body: { name: 'Acme Tools' } },
  { route: 'POST /categories', body: { name: 'Hand tools' }, makes: { cat_example: 'id' } },
  { route: 'GET /categories' },
  { route: 'GET /categories/{id}', params: { id: 'cat_example' } },
  {
    route: 'POST /products',
    body: { name: 'Claw hammer', price: 24.9, cost: 11.5, brandId: 'brand_example', categoryId: 'cat_example' },
    makes: { prod_example: 'id', var_example: 'variants.0.id' },
  },
  { route: 'GET /products', query: { limit: 20, offset: 0 } },
  { route: 'GET /products/{id}', params: product },
  { route: 'PUT /products/{id}', params: product, body: { name: 'Claw hammer 16 oz' } },
  { route: 'GET /variants', query: { limit: 20 } },
  { route: 'GET /variants/{id}', params: { id: 'var_example' } },
  { route: 'POST /channels', body: { name: 'Partner API', platform: 'API' }, makes: { ch_example: 'id' } },
  { route: 'GET /channels' },
  { route: 'POST /sources', body: { name: 'Acme Supply', currency: 'EUR' }, makes: { src_example: 'id' } },
  { route: 'GET /sources' },
  { route: 'GET /sources/{id}', params: { id: 'src_example' } },
];

/** Stock: an opening count, then the ledger and the levels. */
const STOCK: RouteExample[] = [
  {
    route: 'POST /stock/adjust',
    body: { variantId: 'var_example', warehouseId: 'wh_example', quantity: 10, reason: 'Opening count' },
  },
  { route: 'GET /stock/movements', query: { limit: 20 } },
  { route: 'GET /stock/variant/{variantId}/breakdown', params: { variantId: 'var_example' } },
  { route: 'GET /warehouses/{warehouseId}/stock', params: wh },
];

/** A purchase order from draft to a first receipt, and an invoice against it. */
const PURCHASING: RouteExample[] = [
  {
    route: 'POST /purchase-orders',
    body: {
      channelId: 'src_example',
      warehouseId: 'wh_example',
      currency: 'EUR',
      lines: [{ variantId: 'var_example', quantity: 20, unitCost: 11.5 }],
    },
    makes: { po_example: 'id', line_example: 'lines.0.id' },
  },
  { route: 'GET /purchase-orders', query: { status: 'DRAFT', limit: 20 } },
  { route: 'GET /purchase-orders/{id}', params: po },
  { route: 'PUT /purchase-orders/{id}', params: po, body: { notes: 'Deliver to dock 2' } },
  { route: 'POST /purchase-orders/{id}/submit', params: po },
  {
    route: 'POST /purchase-orders/{id}/lines/{lineId}/receive',
    params: { ...po, lineId: 'line_example' },
    body: { quantity: 5, binId: 'bin_example' },
  },
  {
    route: 'POST /invoices',
    body: {
      purchaseOrderId: 'po_example',
      invoiceNumber: 'INV-1001',
      invoiceDate: '2026-11-20',
      lines: [{ purchaseOrderLineId: 'line_example', quantity: 5, unitCost: 11.5 }],
    },
    makes: { inv_example: 'id' },
  },
  { route: 'GET /invoices', query: { limit: 20 } },
  { route: 'GET /invoices/{id}', params: { id: 'inv_example' } },
];

/** Keys, settings, webhooks, orders and shipments: reads an organization starts with. */
const ACCOUNT: RouteExample[] = [
  { route: 'POST /api-keys', body: { name: 'Reporting', role: 'VIEWER' } },
  { route: 'GET /api-keys' },
  { route: 'GET /api-keys/permissions' },
  { route: 'GET /settings' },
  { route: 'PATCH /settings', body: { invoiceWorkflow: 'simple' } },
  { route: 'GET /webhooks/events' },
  { route: 'GET /webhooks' },
  { route: 'GET /orders', query: { limit: 20 } },
  { route: 'GET /shipments', query: { limit: 20 } },
];

export const EXAMPLE_TOUR: readonly RouteExample[] = [...CATALOG_AND_WAREHOUSES, ...STOCK, ...PURCHASING, ...ACCOUNT];

/** The example a route's documentation shows: its first in the tour. */
export const exampleOf = (route: string): RouteExample | undefined => EXAMPLE_TOUR.find((e) => e.route === route);
