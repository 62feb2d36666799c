import { verifyWebhook, WEBHOOK_HEADERS } from '@stockyard/contracts';
import { eventually, gatewayCaller, type Stack, startReceiver, startStack } from '@stockyard/testkit';

/**
 * The whole system as processes, through the gateway with an admin key: create → submit →
 * receive part → receive the rest, each receive sent twice at once and once more with the same
 * Idempotency-Key; on-hand stock rises exactly once per receipt, and the order's events reach
 * a webhook receiver, signed.
 */
describe('a purchase order through the gateway, to stock and signed webhooks', () => {
  let stack: Stack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let adminKey: string;

  const api = async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await gatewayCaller(stack.gatewayUrl, adminKey)(method, route, body, headers);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  const created = async (route: string, body: unknown) => {
    const res = await api('POST', route, body);
    if (res.status !== 201) throw new Error(`POST ${route}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack(['catalog', 'inventory', 'purchasing', 'webhooks'], {
      webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '1,1' },
    });
    ({ adminKey } = stack.bootstrapOrg('Purchasing Org'));
  }, 120_000);
  afterAll(async () => {
    await stack?.destroy();
    await receiver?.close();
  });

  it('receives an order in two parts, moving stock once per receipt, with its events delivered signed', async () => {
    const endpoint = await created('/webhooks', {
      url: receiver.url,
      events: ['purchase_order.created', 'purchase_order.status_changed'],
    });
    const source = await created('/sources', { name: 'Gateway Supply', currency: 'EUR' });
    const product = await created('/products', { name: 'Crate', cost: 12 });
    const variantId = product.variants[0].id;
    const warehouse = await created('/warehouses', { name: 'Main' });
    const po = await created('/purchase-orders', {
      channelId: source.id,
      warehouseId: warehouse.id,
      lines: [{ variantId, quantity: 10 }],
    });
    expect((await api('POST', `/purchase-orders/${po.id}/submit`)).status).toBe(201);
    const lineId = po.lines[0].id;
    const onHand = async () => {
      const res = await api('GET', `/stock/variant/${variantId}/breakdown`);
      return (res.body as { onHand: number }[]).reduce((sum, w) => sum + w.onHand, 0);
    };

    for (const [quantity, expected, status] of [
      [4, 4, 'PARTIALLY_RECEIVED'],
      [6, 10, 'RECEIVED'],
    ] as const) {
      const headers = { 'Idempotency-Key': `gw-${po.id}-${quantity}` };
      const receive = () => api('POST', `/purchase-orders/${po.id}/lines/${lineId}/receive`, { quantity }, headers);
      const twice = await Promise.all([receive(), receive()]);
      expect(twice.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      const again = await eventually(async () => {
        const res = await receive();
        return res.status === 201 ? res : undefined;
      });
      expect(again.body.status).toBe(status);
      expect(await onHand()).toBe(expected);
    }
    const order = (await api('GET', `/purchase-orders/${po.id}`)).body;
    expect(order.receipts).toHaveLength(2);

    const transitions = ['DRAFT>SUBMITTED', 'SUBMITTED>PARTIALLY_RECEIVED', 'PARTIALLY_RECEIVED>RECEIVED'];
    const deliveries = await eventually(() => {
      const mine = receiver.received.filter(
        (r) => (r.body as { data?: { purchaseOrderId?: string } })?.data?.purchaseOrderId === po.id,
      );
      return mine.length >= 1 + transitions.length ? mine : undefined;
    }, 30_000);
    for (const delivery of deliveries) {
      const signature = delivery.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
      expect(verifyWebhook({ secret: endpoint.secret, rawBody: delivery.rawBody, header: signature })).toBe(true);
    }
    const bodies = deliveries.map((d) => d.body as { event: string; data: Record<string, string> });
    expect(bodies.filter((b) => b.event === 'purchase_order.created')).toHaveLength(1);
    const moves = bodies
      .filter((b) => b.event === 'purchase_order.status_changed')
      .map((b) => `${b.data.fromStatus}>${b.data.toStatus}`);
    expect(moves.sort()).toEqual([...transitions].sort());
  }, 90_000);
});
