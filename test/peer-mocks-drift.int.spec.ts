import {
  INTERNAL_BASE_PATH,
  INTERNAL_ROUTES,
  PERMISSIONS,
  type InternalRoute,
  type InternalRouteName,
} from '@stockyard/contracts';
import { startMockPeer, type MockPeer } from '@stockyard/peer-mocks';
import { asCaller, startService, startStack, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { catalog } from '../services/catalog/src/app';
import { inventory } from '../services/inventory/src/app';
import { invoicing } from '../services/invoicing/src/app';
import { orders } from '../services/orders/src/app';
import { purchasing } from '../services/purchasing/src/app';
import { keyPaths } from './support/answer-shape';

const ORG = 'org_drift';
/** An export page whose filters match nothing: the answer's envelope, the same for a mock and the real one. */
const exportOfNothing = (resource: string, filters: Record<string, string>) => ({
  resource,
  filters,
  after: null,
  limit: 10,
});
const covered = new Set<InternalRouteName>();

async function send(baseUrl: string, route: InternalRoute, body: unknown) {
  const res = await fetch(`${baseUrl}${INTERNAL_BASE_PATH}${route.path}`, {
    method: route.method,
    headers: asCaller(ORG),
    body: route.method === 'GET' ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Sends one internal call to the real service and to its mock: both answer the row's status,
 * both answers parse by the row's response schema, and they have the same key paths.
 */
async function expectSameShape(name: InternalRouteName, realUrl: string, mock: MockPeer, body?: unknown) {
  const route: InternalRoute = INTERNAL_ROUTES[name];
  const [real, mocked] = await Promise.all([send(realUrl, route, body), send(mock.url, route, body)]);
  expect([name, real.status, mocked.status]).toEqual([name, route.status, route.status]);
  expect([name, route.response.safeParse(real.body).error]).toEqual([name, undefined]);
  expect([name, route.response.safeParse(mocked.body).error]).toEqual([name, undefined]);
  expect([name, keyPaths(mocked.body)]).toEqual([name, keyPaths(real.body)]);
  covered.add(name);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- seeded bodies are read field by field
const created = async (res: Promise<{ status: number; body: any }>) => {
  const r = await res;
  if (r.status !== 201) throw new Error(`seeding failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

/** Mocks must not drift from the real peers: the same calls, answers of the same shape. */
describe('the mocked peers answer as the real ones do', () => {
  const mocks: Partial<Record<'catalog' | 'inventory' | 'orders' | 'purchasing' | 'invoicing' | 'gateway', MockPeer>> =
    {};
  beforeAll(async () => {
    for (const peer of ['catalog', 'inventory', 'orders', 'purchasing', 'invoicing', 'gateway'] as const) {
      mocks[peer] = await startMockPeer(peer, { identitySecret: TEST_IDENTITY_SECRET });
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(mocks).map((m) => m.close()));
  });

  it('catalog', async () => {
    const real = await startService(catalog, { orgId: ORG, permissions: [...PERMISSIONS] });
    try {
      const product = await created(real.request('POST', '/products', { name: 'Pallet', sku: 'PAL-1', cost: 9 }));
      const variantId: string = product.variants[0].id;
      const source = await created(real.request('POST', '/sources', { name: 'Drift Supply', currency: 'EUR' }));
      await real.request('POST', `/sources/${source.id}/skus`, {
        skus: [{ sku: 'DS-1', variantId, cost: 8, preferred: true }],
      });
      const channel = await created(real.request('POST', '/channels', { name: 'Drift API', platform: 'API' }));
      const m = mocks.catalog!;
      await expectSameShape('catalogVariants', real.url, m, { ids: [variantId] });
      await expectSameShape('catalogBundleLeaves', real.url, m, { variantIds: [variantId] });
      await expectSameShape('catalogChannels', real.url, m, { ids: [channel.id] });
      await expectSameShape('catalogFeedChannels', real.url, m, { limit: 10 });
      await expectSameShape('catalogListedVariants', real.url, m, {
        channelId: channel.id,
        variants: [{ variantId, productId: product.id }],
      });
      await expectSameShape('catalogFeedStatus', real.url, m, {
        channelId: channel.id,
        lastSyncAt: new Date().toISOString(),
        lastSuccessAt: null,
        lastError: 'timed out',
        consecutiveFailures: 1,
        nextAttemptAt: null,
      });
      await expectSameShape('catalogSources', real.url, m, { ids: [source.id] });
      await expectSameShape('catalogOffers', real.url, m, { variantIds: [variantId], sourceChannelId: source.id });
      // Export pages: the envelope (the rows are the list's, checked by the service's own export spec).
      await expectSameShape('catalogExportRows', real.url, m, exportOfNothing('variants', { productId: 'prd_none' }));
    } finally {
      await real.close();
    }
  });

  it('inventory, its stock moves in order (receive, reserve, release, deduct, a batch)', async () => {
    const real = await startService(inventory, { orgId: ORG, permissions: [...PERMISSIONS] });
    try {
      const warehouseId: string = (await created(real.request('POST', '/warehouses', { name: 'Drift' }))).id;
      const m = mocks.inventory!;
      const move = (key: string, quantity: number) => ({
        operationKey: key,
        variantId: 'var_drift',
        warehouseId,
        quantity,
      });
      await expectSameShape('inventoryWarehouses', real.url, m, { ids: [warehouseId] });
      await expectSameShape('inventoryReceive', real.url, m, move('drift:receive', 5));
      await expectSameShape('inventoryReserve', real.url, m, move('drift:reserve', 2));
      await expectSameShape('inventoryRelease', real.url, m, move('drift:release', 1));
      await expectSameShape('inventoryDeduct', real.url, m, move('drift:deduct', 1));
      // A batch: a move made, a move refused (above what is available).
      await expectSameShape('inventoryMoves', real.url, m, {
        moves: [
          { kind: 'reserve', ...move('drift:moves:1', 1) },
          { kind: 'reserve', ...move('drift:moves:2', 99) },
        ],
      });
      await expectSameShape('inventoryStockOnHand', real.url, m, { variantIds: ['var_drift'] });
      await expectSameShape('inventoryLinesOnHand', real.url, m, {
        lines: [{ origin: 'po_drift:pol_drift', variantId: 'var_drift', warehouseId, receivedQuantity: 5 }],
      });
      await expectSameShape('inventoryReorderLevels', real.url, m, { variantIds: ['var_drift'] });
      await expectSameShape(
        'inventoryExportRows',
        real.url,
        m,
        exportOfNothing('stock_movements', { variantId: 'var_none' }),
      );
    } finally {
      await real.close();
    }
  });

  it('orders (no holds: what purchasing alone sees)', async () => {
    const real = await startService(orders, { orgId: ORG });
    try {
      const m = mocks.orders!;
      await expectSameShape('ordersHolds', real.url, m, { ids: ['hold_drift'] });
      await expectSameShape('ordersOpenHolds', real.url, m, { variantIds: ['var_drift'] });
      await expectSameShape('ordersOpenHoldCounts', real.url, m, { variantIds: ['var_drift'] });
      await expectSameShape('ordersLinkHolds', real.url, m, {
        ids: ['hold_drift'],
        purchaseOrderId: 'po_drift',
        purchaseOrderLineId: 'pol_drift',
      });
      await expectSameShape('ordersExportRows', real.url, m, exportOfNothing('holds', { orderId: 'ord_none' }));
    } finally {
      await real.close();
    }
  });

  it('purchasing (itself on the mocked catalog and inventory)', async () => {
    const real = await startService(purchasing, {
      orgId: ORG,
      permissions: [...PERMISSIONS],
      env: { CATALOG_URL: mocks.catalog!.url, INVENTORY_URL: mocks.inventory!.url },
    });
    try {
      const po = await created(
        real.request('POST', '/purchase-orders', {
          channelId: 'src_drift',
          warehouseId: 'wh_drift',
          lines: [{ variantId: 'var_drift', quantity: 3 }],
        }),
      );
      await expectSameShape('purchasingPurchaseOrders', real.url, mocks.purchasing!, { ids: [po.id] });
      // The DRAFT's 3 are on order into its warehouse: a row, as the mock's example has one.
      await expectSameShape('purchasingOnOrder', real.url, mocks.purchasing!, { variantIds: ['var_drift'] });
      const noneReceived = exportOfNothing('purchase_orders', { status: 'RECEIVED' });
      await expectSameShape('purchasingExportRows', real.url, mocks.purchasing!, noneReceived);
      // A receipt (after the export of none received): its line as the mock's example has it.
      await created(real.request('POST', `/purchase-orders/${po.id}/submit`));
      await created(real.request('POST', `/purchase-orders/${po.id}/lines/${po.lines[0].id}/receive`, { quantity: 3 }));
      const minute = 60_000;
      const period = {
        from: new Date(Date.now() - minute).toISOString(),
        to: new Date(Date.now() + minute).toISOString(),
      };
      await expectSameShape('purchasingReceiptLines', real.url, mocks.purchasing!, period);
    } finally {
      await real.close();
    }
  });

  it('invoicing (its export pages, on the mocked peers)', async () => {
    const real = await startService(invoicing, {
      orgId: ORG,
      permissions: [...PERMISSIONS],
      env: {
        CATALOG_URL: mocks.catalog!.url,
        INVENTORY_URL: mocks.inventory!.url,
        PURCHASING_URL: mocks.purchasing!.url,
        GATEWAY_URL: mocks.gateway!.url,
      },
    });
    try {
      const costs = exportOfNothing('landed_costs', { purchaseOrderId: 'po_none' });
      await expectSameShape('invoicingExportRows', real.url, mocks.invoicing!, costs);
    } finally {
      await real.close();
    }
  });

  it('gateway (its settings)', async () => {
    const stack = await startStack([]);
    try {
      const { orgId } = stack.bootstrapOrg('Drift Org');
      const route = INTERNAL_ROUTES.gatewaySettings;
      const headers = asCaller(orgId);
      const read = async (url: string) => {
        const res = await fetch(`${url}${INTERNAL_BASE_PATH}${route.path}`, { headers });
        return { status: res.status, body: await res.json() };
      };
      const [real, mocked] = await Promise.all([read(stack.gatewayUrl), read(mocks.gateway!.url)]);
      expect([real.status, mocked.status]).toEqual([200, 200]);
      expect(route.response.safeParse(real.body).success).toBe(true);
      expect(route.response.safeParse(mocked.body).success).toBe(true);
      expect(keyPaths(mocked.body)).toEqual(keyPaths(real.body));
      covered.add('gatewaySettings');
    } finally {
      await stack.destroy();
    }
  }, 120_000);

  it('covered every row of the internal route table', () => {
    expect([...covered].sort()).toEqual((Object.keys(INTERNAL_ROUTES) as InternalRouteName[]).sort());
  });
});
