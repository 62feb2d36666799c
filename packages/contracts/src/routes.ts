import type { Permission } from './permissions';

export const SERVICES = ['gateway', 'catalog', 'purchasing', 'invoicing', 'orders', 'inventory', 'webhooks'] as const;
export type ServiceName = (typeof SERVICES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  method: HttpMethod;
  /** Template relative to /api/v1, e.g. '/purchase-orders/{id}'. */
  path: string;
  service: ServiceName;
  permission: Permission;
  /** Status of a successful response. */
  status: number;
  /** 'spec': listed in the partner spec; 'added': our decision where the spec is silent. */
  origin: 'spec' | 'added';
  /** Which key type may call it: admin keys or channel-bound storefront keys. */
  surface: 'admin' | 'storefront';
  /**
   * The largest request body the gateway passes to this route, where it must be larger than
   * the gateway's BODY_LIMIT_BYTES (1 MiB by default; the larger of the two applies). Unset:
   * BODY_LIMIT_BYTES. A supplier feed upload, streamed by the service, never held whole.
   */
  maxBodyBytes?: number;
}

type Row = [HttpMethod, string, ServiceName, Permission, number];

const spec = (...[method, path, service, permission, status]: Row): RouteSpec => ({
  method,
  path,
  service,
  permission,
  status,
  origin: 'spec',
  surface: 'admin',
});
const added = (...[method, path, service, permission, status]: Row): RouteSpec => ({
  method,
  path,
  service,
  permission,
  status,
  origin: 'added',
  surface: 'admin',
});
const storefront = (...[method, path, service, permission, status]: Row): RouteSpec => ({
  method,
  path,
  service,
  permission,
  status,
  origin: 'added',
  surface: 'storefront',
});

export const ROUTES: readonly RouteSpec[] = [
  // Outbound webhooks
  spec('GET', '/webhooks/events', 'webhooks', 'webhooks.manage', 200),
  spec('GET', '/webhooks', 'webhooks', 'webhooks.manage', 200),
  spec('POST', '/webhooks', 'webhooks', 'webhooks.manage', 201),
  spec('PATCH', '/webhooks/{id}', 'webhooks', 'webhooks.manage', 200),
  spec('DELETE', '/webhooks/{id}', 'webhooks', 'webhooks.manage', 204),
  spec('POST', '/webhooks/{id}/rotate-secret', 'webhooks', 'webhooks.manage', 201),
  spec('GET', '/webhooks/{id}/deliveries', 'webhooks', 'webhooks.manage', 200),
  spec('POST', '/webhooks/deliveries/{deliveryId}/replay', 'webhooks', 'webhooks.manage', 201),

  // Purchase orders
  spec('POST', '/purchase-orders', 'purchasing', 'pos.write', 201),
  spec('GET', '/purchase-orders', 'purchasing', 'pos.read', 200),
  spec('GET', '/purchase-orders/trash', 'purchasing', 'pos.read', 200),
  spec('POST', '/purchase-orders/bulk-from-requirements', 'purchasing', 'pos.write', 201),
  spec('GET', '/purchase-orders/{id}', 'purchasing', 'pos.read', 200),
  spec('PUT', '/purchase-orders/{id}', 'purchasing', 'pos.write', 200),
  spec('DELETE', '/purchase-orders/{id}', 'purchasing', 'pos.write', 200),
  spec('POST', '/purchase-orders/{id}/restore', 'purchasing', 'pos.write', 201),
  spec('POST', '/purchase-orders/{id}/submit', 'purchasing', 'pos.write', 201),
  spec('POST', '/purchase-orders/{id}/cancel', 'purchasing', 'pos.write', 201),
  // Short-close (issue #24): stop waiting for the rest of a partially received order.
  added('POST', '/purchase-orders/{id}/close', 'purchasing', 'pos.write', 201),
  added('POST', '/purchase-orders/{id}/reopen', 'purchasing', 'pos.write', 201),
  spec('POST', '/purchase-orders/{id}/send-email', 'purchasing', 'pos.write', 201),
  spec('POST', '/purchase-orders/{id}/send-follow-up', 'purchasing', 'pos.write', 201),
  spec('GET', '/purchase-orders/{id}/pdf', 'purchasing', 'pos.read', 200),
  spec('POST', '/purchase-orders/{id}/lines', 'purchasing', 'pos.write', 201),
  spec('PUT', '/purchase-orders/{id}/lines/{lineId}', 'purchasing', 'pos.write', 200),
  spec('DELETE', '/purchase-orders/{id}/lines/{lineId}', 'purchasing', 'pos.write', 200),
  spec('POST', '/purchase-orders/{id}/lines/{lineId}/receive', 'purchasing', 'pos.receive', 201),
  spec('POST', '/purchase-orders/{id}/lines/{lineId}/link-reservations', 'purchasing', 'pos.write', 201),
  spec('GET', '/purchase-orders/{id}/reservations', 'purchasing', 'pos.read', 200),
  spec('GET', '/purchase-orders/{id}/linkable-reservations', 'purchasing', 'pos.read', 200),
  spec('GET', '/purchase-orders/{id}/messages', 'purchasing', 'pos.read', 200),
  spec('POST', '/purchase-orders/{id}/tracking', 'purchasing', 'pos.write', 201),
  spec('GET', '/purchase-orders/{id}/attachments', 'purchasing', 'pos.read', 200),
  spec('POST', '/purchase-orders/{id}/attachments', 'purchasing', 'pos.write', 201),
  spec('POST', '/purchase-orders/{id}/attachments/upload-url', 'purchasing', 'pos.write', 201),
  spec('DELETE', '/purchase-orders/{id}/attachments/{attachmentId}', 'purchasing', 'pos.write', 200),

  // Invoices: stats, aging and statement are invoice data, so invoices.read rather than reports.read
  spec('POST', '/invoices', 'invoicing', 'invoices.write', 201),
  spec('GET', '/invoices', 'invoicing', 'invoices.read', 200),
  spec('GET', '/invoices/stats', 'invoicing', 'invoices.read', 200),
  spec('GET', '/invoices/aging', 'invoicing', 'invoices.read', 200),
  spec('GET', '/invoices/vendor-statement', 'invoicing', 'invoices.read', 200),
  spec('GET', '/invoices/trash', 'invoicing', 'invoices.read', 200),
  spec('GET', '/invoices/{id}', 'invoicing', 'invoices.read', 200),
  spec('PUT', '/invoices/{id}', 'invoicing', 'invoices.write', 200),
  spec('DELETE', '/invoices/{id}', 'invoicing', 'invoices.write', 200),
  spec('POST', '/invoices/{id}/restore', 'invoicing', 'invoices.write', 201),
  spec('POST', '/invoices/{id}/lines', 'invoicing', 'invoices.write', 201),
  spec('PUT', '/invoices/{id}/lines/{lineId}', 'invoicing', 'invoices.write', 200),
  spec('DELETE', '/invoices/{id}/lines/{lineId}', 'invoicing', 'invoices.write', 200),
  spec('POST', '/invoices/{id}/lines/{lineId}/match', 'invoicing', 'invoices.write', 201),
  spec('POST', '/invoices/{id}/auto-match', 'invoicing', 'invoices.write', 201),
  // Submitting only hands a draft to approvers; the decisions below need invoices.approve.
  spec('POST', '/invoices/{id}/submit', 'invoicing', 'invoices.write', 201),
  spec('POST', '/invoices/{id}/approve', 'invoicing', 'invoices.approve', 201),
  spec('POST', '/invoices/{id}/dispute', 'invoicing', 'invoices.approve', 201),
  spec('POST', '/invoices/{id}/reopen', 'invoicing', 'invoices.approve', 201),
  spec('POST', '/invoices/{id}/reconcile', 'invoicing', 'invoices.approve', 201),
  spec('POST', '/invoices/{id}/unreconcile', 'invoicing', 'invoices.approve', 201),
  spec('POST', '/invoices/{id}/mark-paid', 'invoicing', 'invoices.approve', 201),

  // Landed costs
  spec('POST', '/purchase-orders/{poId}/landed-costs', 'invoicing', 'landed_costs.write', 201),
  spec('GET', '/purchase-orders/{poId}/landed-costs', 'invoicing', 'landed_costs.read', 200),
  spec('GET', '/purchase-orders/{poId}/landed-costs/summary', 'invoicing', 'landed_costs.read', 200),
  spec('GET', '/landed-costs/{id}', 'invoicing', 'landed_costs.read', 200),
  spec('PUT', '/landed-costs/{id}', 'invoicing', 'landed_costs.write', 200),
  spec('DELETE', '/landed-costs/{id}', 'invoicing', 'landed_costs.write', 200),
  spec('POST', '/landed-costs/{id}/allocate', 'invoicing', 'landed_costs.write', 201),
  spec('PUT', '/landed-costs/{id}/allocations', 'invoicing', 'landed_costs.write', 200),

  // Orders: holds are part of an order, so they need order permissions
  spec('GET', '/orders', 'orders', 'orders.read', 200),
  // Issue #25: an API channel pushes its orders (an upsert on channelId + channelOrderId: 201 new, 200 again).
  added('POST', '/orders', 'orders', 'orders.write', 201),
  spec('GET', '/orders/trash', 'orders', 'orders.read', 200),
  spec('GET', '/orders/stats', 'orders', 'orders.read', 200),
  spec('GET', '/orders/pending-reservations', 'orders', 'orders.read', 200),
  spec('GET', '/orders/{id}', 'orders', 'orders.read', 200),
  spec('GET', '/orders/{id}/history', 'orders', 'orders.read', 200),
  spec('GET', '/orders/{id}/reservations', 'orders', 'orders.read', 200),
  spec('GET', '/orders/{id}/reservations/status', 'orders', 'orders.read', 200),
  spec('POST', '/orders/{id}/reservations/expand-kits', 'orders', 'orders.write', 201),
  spec('POST', '/orders/{id}/lines/{lineId}/refresh-holds', 'orders', 'orders.write', 201),
  spec('POST', '/orders/release-stale-holds', 'orders', 'orders.write', 201),
  // The spec allows 200 or 201; 200 because a dry run (the default) creates nothing.
  spec('POST', '/orders/reresolve-lines', 'orders', 'orders.write', 200),
  spec('PUT', '/orders/bulk/status', 'orders', 'orders.write', 200),
  spec('PUT', '/orders/{id}/status', 'orders', 'orders.write', 200),
  spec('PUT', '/orders/{id}/notes', 'orders', 'orders.write', 200),
  spec('PUT', '/orders/{id}/shipping-address', 'orders', 'orders.write', 200),
  spec('POST', '/orders/{id}/restore', 'orders', 'orders.write', 201),
  spec('POST', '/orders/{id}/fulfill', 'orders', 'orders.write', 201),
  spec('POST', '/orders/{id}/restore-and-fulfill-holds', 'orders', 'orders.write', 201),
  spec('POST', '/orders/{id}/sync', 'orders', 'orders.write', 201),
  spec('DELETE', '/orders/by-status', 'orders', 'orders.write', 200),

  // Reservations
  spec('POST', '/reservations/{id}/allocate', 'orders', 'orders.write', 201),
  spec('POST', '/reservations/{id}/deallocate', 'orders', 'orders.write', 201),
  spec('GET', '/reservations/{id}/available-sources', 'orders', 'orders.read', 200),

  // Stock and warehouses: reorder points and primary bins are stock-item edits, hence stock.adjust
  spec('POST', '/stock/adjust', 'inventory', 'stock.adjust', 201),
  spec('GET', '/stock/movements', 'inventory', 'warehouses.read', 200),
  spec('GET', '/stock/variant/{variantId}/breakdown', 'inventory', 'warehouses.read', 200),
  spec('PATCH', '/stock/items/{variantId}/{warehouseId}', 'inventory', 'stock.adjust', 200),
  spec('POST', '/stock/transfer', 'inventory', 'stock.adjust', 201),
  spec('POST', '/stock/move', 'inventory', 'stock.adjust', 201),
  spec('POST', '/stock/primary-bin', 'inventory', 'stock.adjust', 201),
  spec('GET', '/warehouses/{warehouseId}/stock', 'inventory', 'warehouses.read', 200),
  spec('GET', '/warehouses/{warehouseId}/stock/movements', 'inventory', 'warehouses.read', 200),
  // The export template is the count sheet, the first step of a count.
  spec('GET', '/warehouses/{warehouseId}/stock/export-template', 'inventory', 'stock.count', 200),
  spec('POST', '/warehouses/{warehouseId}/stock/count/preview', 'inventory', 'stock.count', 201),
  spec('POST', '/warehouses/{warehouseId}/stock/count/apply', 'inventory', 'stock.count', 201),

  // Products
  spec('GET', '/products', 'catalog', 'products.read', 200),
  spec('POST', '/products', 'catalog', 'products.write', 201),
  spec('GET', '/products/{id}/where-used', 'catalog', 'products.read', 200),
  spec('GET', '/products/trash', 'catalog', 'products.read', 200),
  spec('GET', '/products/data-health', 'catalog', 'products.read', 200),
  spec('GET', '/products/family-candidates', 'catalog', 'products.read', 200),
  spec('GET', '/products/{id}', 'catalog', 'products.read', 200),
  spec('PUT', '/products/{id}', 'catalog', 'products.write', 200),
  spec('DELETE', '/products/{id}', 'catalog', 'products.write', 204),
  spec('GET', '/products/{id}/template-status', 'catalog', 'products.read', 200),
  spec('POST', '/products/{id}/duplicate', 'catalog', 'products.write', 201),
  spec('POST', '/products/variant-parent', 'catalog', 'products.write', 201),
  spec('POST', '/products/{id}/children', 'catalog', 'products.write', 201),
  spec('DELETE', '/products/{id}/children/{childId}', 'catalog', 'products.write', 200),
  spec('PUT', '/products/{id}/children/order', 'catalog', 'products.write', 200),
  spec('GET', '/products/{id}/convert/preflight', 'catalog', 'products.read', 200),
  spec('POST', '/products/{id}/convert', 'catalog', 'products.write', 201),
  spec('POST', '/products/bulk-from-source', 'catalog', 'products.write', 201),
  spec('POST', '/products/bulk-restore', 'catalog', 'products.write', 200),
  spec('POST', '/products/{id}/restore', 'catalog', 'products.write', 201),
  spec('POST', '/products/{id}/archive', 'catalog', 'products.write', 201),
  spec('POST', '/products/{id}/unarchive', 'catalog', 'products.write', 201),
  // Status not shown in the spec; 200 because the response reports what was trashed.
  spec('DELETE', '/products/bulk', 'catalog', 'products.write', 200),

  // API keys: the spec shows no statuses; these follow the conventions of the other sections.
  spec('GET', '/api-keys', 'gateway', 'apikeys.manage', 200),
  spec('GET', '/api-keys/permissions', 'gateway', 'apikeys.manage', 200),
  spec('POST', '/api-keys', 'gateway', 'apikeys.manage', 201),
  spec('POST', '/api-keys/storefront', 'gateway', 'apikeys.manage', 201),
  spec('DELETE', '/api-keys/{id}', 'gateway', 'apikeys.manage', 204),

  // Added where the spec names a permission but shows no endpoint
  added('GET', '/settings', 'gateway', 'settings.read', 200),
  added('PATCH', '/settings', 'gateway', 'settings.write', 200),

  added('GET', '/variants', 'catalog', 'variants.read', 200),
  added('GET', '/variants/{id}', 'catalog', 'variants.read', 200),
  added('POST', '/products/{id}/variants', 'catalog', 'variants.write', 201),
  added('PATCH', '/variants/{id}', 'catalog', 'variants.write', 200),
  added('DELETE', '/variants/{id}', 'catalog', 'variants.write', 204),

  // Brands and categories (issue #17): a product's brandId and categoryId name them.
  added('GET', '/brands', 'catalog', 'products.read', 200),
  added('POST', '/brands', 'catalog', 'products.write', 201),
  added('GET', '/brands/{id}', 'catalog', 'products.read', 200),
  added('PATCH', '/brands/{id}', 'catalog', 'products.write', 200),
  added('DELETE', '/brands/{id}', 'catalog', 'products.write', 204),
  added('GET', '/categories', 'catalog', 'products.read', 200),
  added('POST', '/categories', 'catalog', 'products.write', 201),
  added('GET', '/categories/{id}', 'catalog', 'products.read', 200),
  added('PATCH', '/categories/{id}', 'catalog', 'products.write', 200),
  added('DELETE', '/categories/{id}', 'catalog', 'products.write', 204),

  added('GET', '/channels', 'catalog', 'channels.read', 200),
  added('POST', '/channels', 'catalog', 'channels.write', 201),
  added('GET', '/channels/{id}', 'catalog', 'channels.read', 200),
  added('PATCH', '/channels/{id}', 'catalog', 'channels.write', 200),
  added('DELETE', '/channels/{id}', 'catalog', 'channels.write', 204),
  // Listings: which products a sales channel sells; the upsert answers counts, hence 200
  added('GET', '/channels/{id}/listings', 'catalog', 'channels.read', 200),
  added('POST', '/channels/{id}/listings', 'catalog', 'channels.write', 200),
  added('DELETE', '/channels/{id}/listings/{listingId}', 'catalog', 'channels.write', 204),

  added('GET', '/sources', 'catalog', 'sources.read', 200),
  added('POST', '/sources', 'catalog', 'sources.write', 201),
  added('GET', '/sources/{id}', 'catalog', 'sources.read', 200),
  added('PATCH', '/sources/{id}', 'catalog', 'sources.write', 200),
  added('DELETE', '/sources/{id}', 'catalog', 'sources.write', 204),
  // Source SKUs (the supplier's offers; the upsert answers counts, hence 200) and feed imports (jobs: 202)
  added('GET', '/sources/{id}/skus', 'catalog', 'sources.read', 200),
  added('POST', '/sources/{id}/skus', 'catalog', 'sources.write', 200),
  added('PATCH', '/sources/{id}/skus/{skuId}', 'catalog', 'sources.write', 200),
  added('DELETE', '/sources/{id}/skus/{skuId}', 'catalog', 'sources.write', 204),
  { ...added('POST', '/sources/{id}/imports', 'catalog', 'sources.write', 202), maxBodyBytes: 64 * 1024 * 1024 },
  added('GET', '/sources/{id}/imports', 'catalog', 'sources.read', 200),
  added('GET', '/sources/imports/{jobId}', 'catalog', 'sources.read', 200),

  added('GET', '/warehouses', 'inventory', 'warehouses.read', 200),
  added('POST', '/warehouses', 'inventory', 'warehouses.manage', 201),
  added('GET', '/warehouses/{warehouseId}', 'inventory', 'warehouses.read', 200),
  added('PATCH', '/warehouses/{warehouseId}', 'inventory', 'warehouses.manage', 200),
  added('DELETE', '/warehouses/{warehouseId}', 'inventory', 'warehouses.manage', 204),
  added('GET', '/warehouses/{warehouseId}/bins', 'inventory', 'warehouses.read', 200),
  added('POST', '/warehouses/{warehouseId}/bins', 'inventory', 'warehouses.manage', 201),
  added('PATCH', '/warehouses/{warehouseId}/bins/{binId}', 'inventory', 'warehouses.manage', 200),
  added('DELETE', '/warehouses/{warehouseId}/bins/{binId}', 'inventory', 'warehouses.manage', 204),

  added('GET', '/shipments', 'orders', 'shipments.read', 200),
  added('GET', '/shipments/{id}', 'orders', 'shipments.read', 200),
  added('POST', '/orders/{id}/shipments', 'orders', 'shipments.manage', 201),

  storefront('GET', '/storefront/products', 'catalog', 'products.read', 200),
  storefront('GET', '/storefront/products/{id}', 'catalog', 'products.read', 200),
  // The checkout: an order on the storefront key's own channel (issue #25).
  storefront('POST', '/storefront/orders', 'orders', 'orders.write', 201),
];

interface CompiledRoute {
  route: RouteSpec;
  /** Literal text per segment, or null where the segment is a parameter. */
  literals: readonly (string | null)[];
  paramNames: readonly (string | undefined)[];
}

function compile(route: RouteSpec): CompiledRoute {
  const segments = route.path.split('/').slice(1);
  const params = segments.map((s) => /^\{(\w+)\}$/.exec(s)?.[1]);
  return { route, literals: segments.map((s, i) => (params[i] ? null : s)), paramNames: params };
}

/** Negative when a is more specific: the first segment where they differ decides, literal beating parameter. */
function bySpecificity(a: CompiledRoute, b: CompiledRoute): number {
  const n = Math.min(a.literals.length, b.literals.length);
  for (let i = 0; i < n; i++) {
    const la = a.literals[i] !== null;
    const lb = b.literals[i] !== null;
    if (la !== lb) return la ? -1 : 1;
  }
  return a.literals.length - b.literals.length;
}

// Grouped by segment count (only equal lengths can match) and pre-sorted so the first hit wins.
const compiledByLength = new Map<number, CompiledRoute[]>();
for (const c of ROUTES.map(compile).sort(bySpecificity)) {
  const list = compiledByLength.get(c.literals.length) ?? [];
  list.push(c);
  compiledByLength.set(c.literals.length, list);
}

function extract(c: CompiledRoute, segments: readonly string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const literal = c.literals[i];
    if (literal !== null) {
      if (segment !== literal) return undefined;
      continue;
    }
    if (segment === '') return undefined;
    try {
      params[c.paramNames[i] as string] = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
  }
  return params;
}

function candidates(path: string): { segments: string[]; routes: readonly CompiledRoute[] } {
  const segments = path.startsWith('/') ? path.split('/').slice(1) : [];
  return { segments, routes: compiledByLength.get(segments.length) ?? [] };
}

/** Resolves a path relative to /api/v1 (no query string) to its most specific route. */
export function matchRoute(
  method: string,
  path: string,
): { route: RouteSpec; params: Record<string, string> } | undefined {
  const wanted = method.toUpperCase();
  const { segments, routes } = candidates(path);
  for (const c of routes) {
    if (c.route.method !== wanted) continue;
    const params = extract(c, segments);
    if (params) return { route: c.route, params };
  }
  return undefined;
}

/** Every route whose template matches the path, whatever its method: non-empty means 405, not 404. */
export function routesForPath(path: string): RouteSpec[] {
  const { segments, routes } = candidates(path);
  return routes.filter((c) => extract(c, segments) !== undefined).map((c) => c.route);
}

export function routesOf(service: ServiceName): RouteSpec[] {
  return ROUTES.filter((r) => r.service === service);
}
