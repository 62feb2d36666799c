import { eventually, json, startStack, type Stack } from '@stockyard/testkit';

/** The whole system: a product created through the gateway reaches inventory's read model by its events. */
describe('a product created through the gateway is found by its SKU in a warehouse stock listing', () => {
  let stack: Stack;
  let adminKey: string;

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await json(res) };
  };

  beforeAll(async () => {
    stack = await startStack(['catalog', 'inventory']);
    ({ adminKey } = stack.bootstrapOrg('Catalog E2E'));
  }, 180_000);
  afterAll(() => stack?.destroy());

  it('GET /warehouses/{id}/stock?search=<SKU> shows the product once it has stock', async () => {
    const product = await api('POST', '/products', { name: 'Enamel mug', sku: 'MUG-E2E-1', price: 12, cost: 4 });
    expect(product.status).toBe(201);
    const variantId = product.body.variants[0].id;
    const warehouse = (await api('POST', '/warehouses', { name: 'E2E' })).body.id;
    const adjusted = await api('POST', '/stock/adjust', {
      variantId,
      warehouseId: warehouse,
      quantity: 6,
      reason: 'first stock',
    });
    expect(adjusted.status).toBe(201);
    const row = await eventually(async () => {
      const res = await api('GET', `/warehouses/${warehouse}/stock?search=mug-e2e`);
      return res.body.data?.find((r: { variantId: string; sku?: string }) => r.variantId === variantId && r.sku);
    });
    expect(row).toMatchObject({ variantId, sku: 'MUG-E2E-1', name: 'Enamel mug', onHand: 6 });

    // A rename travels the same way.
    await api('PUT', `/products/${product.body.id}`, { sku: 'MUG-E2E-2' });
    await eventually(async () => {
      const res = await api('GET', `/warehouses/${warehouse}/stock?search=MUG-E2E-2`);
      return res.body.data?.length === 1 ? true : undefined;
    });
  });
});
