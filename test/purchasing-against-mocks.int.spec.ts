import { startMockPeer, type MockPeer } from '@stockyard/peer-mocks';
import { gatewayJson, startStack, TEST_IDENTITY_SECRET, type Stack } from '@stockyard/testkit';

/**
 * Issue #27's "one service against mocked peers": purchasing real (its database, the broker)
 * behind the real gateway, the catalog, inventory and orders mocked from the internal route
 * table (@stockyard/peer-mocks), as `npm run dev -- purchasing` runs it. A purchase order is
 * created, submitted and received through the gateway with an admin key; the mock inventory
 * keeps the receipt's stock movement under the receipt's operation key.
 */
describe('purchasing against mocked peers, through the gateway', () => {
  let stack: Stack;
  const mocks: Record<string, MockPeer> = {};
  let api: ReturnType<typeof gatewayJson>;

  beforeAll(async () => {
    for (const peer of ['catalog', 'inventory', 'orders'] as const) {
      mocks[peer] = await startMockPeer(peer, { identitySecret: TEST_IDENTITY_SECRET });
    }
    // startStack gives a service every peer's URL; these point purchasing's peers at the mocks.
    stack = await startStack(['purchasing'], {
      purchasing: {
        CATALOG_URL: mocks.catalog!.url,
        INVENTORY_URL: mocks.inventory!.url,
        ORDERS_URL: mocks.orders!.url,
      },
    });
    api = gatewayJson(stack.gatewayUrl, stack.bootstrapOrg('Mocked Peers Org').adminKey);
  }, 120_000);
  afterAll(async () => {
    await stack?.destroy();
    await Promise.all(Object.values(mocks).map((m) => m.close()));
  });

  it('creates, submits and receives a purchase order; the mock inventory records the receipt', async () => {
    const created = await api.call('POST', '/purchase-orders', {
      channelId: 'src_mocked',
      warehouseId: 'wh_mocked',
      lines: [{ variantId: 'var_mocked', quantity: 5 }],
    });
    expect(created.status).toBe(201);
    // Priced from the mock catalog's offer of the asked supplier, the currency from the supplier.
    expect(created.body).toMatchObject({ status: 'DRAFT', currency: 'EUR' });
    expect(created.body.lines).toEqual([
      expect.objectContaining({ variantId: 'var_mocked', quantity: 5, unitCost: 8, supplierSku: 'SUP-SKU-var_mocked' }),
    ]);
    const poId: string = created.body.id;
    const lineId: string = created.body.lines[0].id;

    const submitted = await api.call('POST', `/purchase-orders/${poId}/submit`);
    expect([submitted.status, submitted.body.status]).toEqual([201, 'SUBMITTED']);

    const receive = () =>
      api.call(
        'POST',
        `/purchase-orders/${poId}/lines/${lineId}/receive`,
        { quantity: 5 },
        { 'Idempotency-Key': `r-${poId}` },
      );
    const received = await receive();
    expect([received.status, received.body.status]).toEqual([201, 'RECEIVED']);
    expect((await receive()).headers.get('idempotent-replayed')).toBe('true');

    const state = await (await fetch(`${mocks.inventory!.url}/__mock/state`)).json();
    const movements = Object.values(state as Record<string, { movements: Record<string, unknown>[] }>).flatMap(
      (org) => org.movements,
    );
    expect(movements).toEqual([
      expect.objectContaining({ type: 'RECEIPT', variantId: 'var_mocked', warehouseId: 'wh_mocked', quantity: 5 }),
    ]);
    expect(String(movements[0]!.reference)).toMatch(new RegExp(`^${poId}:${lineId}:`));
    expect(mocks.inventory!.calls.map((c) => c.route)).toEqual(['inventoryWarehouses', 'inventoryReceive']);
  }, 60_000);

  it("refuses a supplier the mock catalog does not know, and answers 503 for another service's routes", async () => {
    const unknown = await api.call('POST', '/purchase-orders', {
      channelId: 'missing_supplier',
      warehouseId: 'wh_mocked',
      lines: [{ variantId: 'var_mocked', quantity: 1 }],
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([422, 'unknown_source']);
    const products = await api.call('GET', '/products');
    expect(products.status).toBe(503);
  });
});
