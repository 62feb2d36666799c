import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PERMISSIONS, isAssignable, type Permission } from '../src/permissions';
import { permissionsOf } from '../src/roles';
import { schemasOf } from '../src/api/bound-route';
import { CATALOG_API } from '../src/api/catalog.api';
import { GATEWAY_API } from '../src/api/gateway.api';
import { INVENTORY_API } from '../src/api/inventory.api';
import { INVOICING_API } from '../src/api/invoicing.api';
import { ORDERS_API } from '../src/api/orders.api';
import { PURCHASING_API } from '../src/api/purchasing.api';
import { WEBHOOKS_API } from '../src/api/webhooks.api';
import { ROUTES, SERVICES, matchRoute, routesForPath, routesOf, type ServiceName } from '../src/routes';

interface SpecRow {
  method: string;
  path: string;
  success: string;
}

const specRows: SpecRow[] = readFileSync(path.resolve(__dirname, '../../../../shared/spec/routes.tsv'), 'utf8')
  .split('\n')
  .slice(1)
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const [method = '', routePath = '', success = ''] = line.split('\t');
    return { method, path: routePath, success };
  });

/** The documented choices where routes.tsv gives no single status. */
function expectedStatus(row: SpecRow): number {
  if (row.method === 'POST' && row.path === '/orders/reresolve-lines') return 200;
  if (row.method === 'DELETE' && row.path === '/products/bulk') return 200;
  if (row.success === '') return { GET: 200, POST: 201, DELETE: 204 }[row.method] ?? NaN;
  return Number(row.success);
}

// The brief's service map, restated independently of the table.
function owningService(routePath: string): ServiceName {
  if (/^\/purchase-orders\/[^/]+\/landed-costs/.test(routePath)) return 'invoicing';
  // Purchase spend is invoiced amounts, variances and landed costs, with purchasing's receipts (issue #42).
  if (routePath === '/reports/purchase-spend') return 'invoicing';
  // The brief names no storefront routes: a storefront's checkout makes an order (issue #25).
  if (/^\/storefront\/orders(\/|$)/.test(routePath)) return 'orders';
  const prefixes: [RegExp, ServiceName][] = [
    [/^\/(api-keys|settings)(\/|$)/, 'gateway'],
    [/^\/(products|variants|brands|categories|channels|sources|storefront)(\/|$)/, 'catalog'],
    [/^\/purchase-orders(\/|$)/, 'purchasing'],
    [/^\/(invoices|landed-costs)(\/|$)/, 'invoicing'],
    [/^\/(orders|reservations|shipments)(\/|$)/, 'orders'],
    [/^\/(stock|warehouses)(\/|$)/, 'inventory'],
    [/^\/webhooks(\/|$)/, 'webhooks'],
    // The brief names no audit routes: the trail lives with the events (issue #41).
    [/^\/audit-events(\/|$)/, 'webhooks'],
    // Nor exports: their jobs live beside the audit trail, the owners answer the rows (issue #41).
    [/^\/exports(\/|$)/, 'webhooks'],
    // Nor reports: the stock's value and aging are read from inventory's ledger (issue #42).
    [/^\/(reports|inventory-settings)(\/|$)/, 'inventory'],
  ];
  const hit = prefixes.find(([re]) => re.test(routePath));
  if (!hit) throw new Error(`no service owns ${routePath}`);
  return hit[1];
}

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('route table against the spec', () => {
  it('reads all 128 spec routes', () => {
    expect(specRows).toHaveLength(128);
  });

  it.each(specRows.map((r) => [key(r), r] as const))('has %s with its success status', (_name, row) => {
    const route = ROUTES.find((r) => r.method === row.method && r.path === row.path);
    expect(route).toBeDefined();
    expect(route?.status).toBe(expectedStatus(row));
    expect(route?.origin).toBe('spec');
    expect(route?.surface).toBe('admin');
  });

  it('marks as spec only the routes of the spec', () => {
    const specKeys = new Set(specRows.map(key));
    for (const r of ROUTES)
      expect(`${r.origin} ${key(r)}`).toBe(`${specKeys.has(key(r)) ? 'spec' : 'added'} ${key(r)}`);
  });

  it('has no duplicate method and path', () => {
    const keys = ROUTES.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('routes every path to the service the brief assigns', () => {
    for (const r of ROUTES) expect(`${key(r)} -> ${r.service}`).toBe(`${key(r)} -> ${owningService(r.path)}`);
  });

  it('requires a known, assignable permission on every route', () => {
    for (const r of ROUTES) {
      expect(PERMISSIONS).toContain(r.permission);
      expect(`${key(r)} ${isAssignable(r.permission)}`).toBe(`${key(r)} true`);
    }
  });

  it('uses the permissions the spec names per section', () => {
    for (const r of ROUTES.filter((x) => x.path.startsWith('/webhooks'))) expect(r.permission).toBe('webhooks.manage');
    for (const r of ROUTES.filter((x) => x.path.startsWith('/api-keys'))) expect(r.permission).toBe('apikeys.manage');
    expect(matchRoute('POST', '/purchase-orders/po1/lines/l1/receive')?.route.permission).toBe('pos.receive');
    for (const action of ['approve', 'dispute', 'reopen', 'mark-paid', 'reconcile', 'unreconcile']) {
      expect(matchRoute('POST', `/invoices/i1/${action}`)?.route.permission).toBe('invoices.approve');
    }
    expect(matchRoute('POST', '/warehouses/w1/stock/count/apply')?.route.permission).toBe('stock.count');
    expect(matchRoute('GET', '/warehouses/w1/stock')?.route.permission).toBe('warehouses.read');
    expect(matchRoute('POST', '/reservations/r1/allocate')?.route.permission).toBe('orders.write');
  });

  it('puts only the storefront product reads and the checkout on the storefront surface', () => {
    const storefront = ROUTES.filter((r) => r.surface === 'storefront').map(key);
    expect(storefront.sort()).toEqual([
      'GET /storefront/products',
      'GET /storefront/products/{id}',
      'POST /storefront/orders',
    ]);
  });

  it('lists routes by service', () => {
    for (const s of SERVICES) expect(routesOf(s).every((r) => r.service === s)).toBe(true);
    expect(SERVICES.reduce((n, s) => n + routesOf(s).length, 0)).toBe(ROUTES.length);
  });

  it("declares each service's routes in its own api file, with their schemas", () => {
    const declared = {
      CATALOG_API,
      GATEWAY_API,
      INVENTORY_API,
      INVOICING_API,
      ORDERS_API,
      PURCHASING_API,
      WEBHOOKS_API,
    };
    for (const [name, api] of Object.entries(declared)) {
      const service = name.replace('_API', '').toLowerCase();
      expect(Object.values(api).map(key).sort()).toEqual(
        routesOf(service as ServiceName)
          .map(key)
          .sort(),
      );
    }
    for (const r of ROUTES) expect(schemasOf(r)).toBeDefined();
  });

  it('answers the count template as a CSV file, not JSON', () => {
    expect(INVENTORY_API.exportCountTemplate.schemas).toMatchObject({ response: null, produces: 'text/csv' });
  });
});

describe('a key scoped to invoices.read, pos.read and orders.read', () => {
  const held = permissionsOf('ADMIN', ['invoices.read', 'pos.read', 'orders.read']);
  const allowed = (permission: Permission) => held.includes(permission);

  it('is authorized exactly on the reads of invoices, purchase orders (not landed costs) and orders', () => {
    const expected = ROUTES.filter(
      (r) =>
        r.method === 'GET' &&
        /^\/(invoices|purchase-orders|orders|reservations)(\/|$)/.test(r.path) &&
        !r.path.includes('landed-costs'),
    ).map(key);
    expect(
      ROUTES.filter((r) => allowed(r.permission))
        .map(key)
        .sort(),
    ).toEqual(expected.sort());
  });

  it.each([
    ['POST', '/invoices', false],
    ['GET', '/invoices/stats', true],
    ['GET', '/purchase-orders/po1/landed-costs', false],
    ['GET', '/purchase-orders/po1/pdf', true],
    ['POST', '/purchase-orders/po1/lines/l1/receive', false],
    ['GET', '/orders/o1/reservations/status', true],
    ['GET', '/shipments', false],
    ['GET', '/products', false],
  ])('%s %s allowed=%s', (method, p, expected) => {
    const match = matchRoute(method, p);
    expect(match).toBeDefined();
    expect(match && allowed(match.route.permission)).toBe(expected);
  });
});

describe('matchRoute', () => {
  it.each([
    ['GET', '/purchase-orders/trash', '/purchase-orders/trash'],
    ['GET', '/purchase-orders/abc', '/purchase-orders/{id}'],
    ['DELETE', '/products/bulk', '/products/bulk'],
    ['DELETE', '/products/p1', '/products/{id}'],
    ['DELETE', '/orders/by-status', '/orders/by-status'],
    ['GET', '/invoices/stats', '/invoices/stats'],
    ['GET', '/invoices/i1', '/invoices/{id}'],
    ['PUT', '/orders/bulk/status', '/orders/bulk/status'],
    ['PUT', '/orders/o1/status', '/orders/{id}/status'],
    ['GET', '/api-keys/permissions', '/api-keys/permissions'],
    ['GET', '/webhooks/events', '/webhooks/events'],
  ])('%s %s resolves to %s', (method, p, template) => {
    expect(matchRoute(method, p)?.route.path).toBe(template);
  });

  it('falls back to a parameter when the literal route lacks the method', () => {
    expect(matchRoute('GET', '/products/bulk')).toMatchObject({
      route: { path: '/products/{id}' },
      params: { id: 'bulk' },
    });
  });

  it('extracts and decodes parameters', () => {
    expect(matchRoute('PATCH', '/stock/items/v%201/w-2')?.params).toEqual({ variantId: 'v 1', warehouseId: 'w-2' });
    expect(matchRoute('POST', '/purchase-orders/po1/lines/l9/receive')?.params).toEqual({ id: 'po1', lineId: 'l9' });
    expect(matchRoute('GET', '/purchase-orders/po7/landed-costs/summary')).toMatchObject({
      route: { service: 'invoicing' },
      params: { poId: 'po7' },
    });
    expect(matchRoute('post', '/webhooks/deliveries/dlv_1/replay')?.params).toEqual({ deliveryId: 'dlv_1' });
  });

  it('requires each parameter to be one non-empty segment', () => {
    expect(matchRoute('GET', '/invoices/')).toBeUndefined();
    expect(matchRoute('GET', '/purchase-orders//pdf')).toBeUndefined();
    expect(matchRoute('GET', '/invoices/a/b')).toBeUndefined();
    expect(matchRoute('GET', 'invoices/a')).toBeUndefined();
    expect(matchRoute('GET', '')).toBeUndefined();
  });

  it('does not throw on malformed percent-encoding, and matches nothing', () => {
    expect(() => matchRoute('GET', '/invoices/%E0%A4%A')).not.toThrow();
    expect(matchRoute('GET', '/invoices/%E0%A4%A')).toBeUndefined();
    expect(matchRoute('GET', '/products/%')).toBeUndefined();
    expect(routesForPath('/products/%zz')).toEqual([]);
  });

  it('returns nothing for unknown paths or methods', () => {
    expect(matchRoute('GET', '/nope')).toBeUndefined();
    expect(matchRoute('PATCH', '/invoices/i1')).toBeUndefined();
  });
});

describe('routesForPath', () => {
  it('lists every method of a known path so the gateway can answer 405', () => {
    expect(
      routesForPath('/invoices/i1')
        .map((r) => r.method)
        .sort(),
    ).toEqual(['DELETE', 'GET', 'PUT']);
    expect(routesForPath('/invoices/i1').some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('is empty for an unknown path (404)', () => {
    expect(routesForPath('/invoices/i1/nothing')).toEqual([]);
  });
});
