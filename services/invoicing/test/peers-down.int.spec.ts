import { startInvoicing, type Invoicing } from './support/invoicing';

type Peer = 'purchasing' | 'catalog' | 'inventory' | 'gateway';

/** A peer that is down is a 503 dependency_unavailable on the routes that need it; the rest keeps working. */
describe('invoicing with its peers down', () => {
  let h: Invoicing;
  let po: Awaited<ReturnType<Invoicing['order']>>;
  let invoiceId: string;
  let landedCostId: string;
  const withDown = async <T>(peers: Peer[], work: () => Promise<T>): Promise<T> => {
    for (const peer of peers) await h.proxies![peer].down();
    try {
      return await work();
    } finally {
      for (const peer of peers) await h.proxies![peer].up();
    }
  };

  beforeAll(async () => {
    h = await startInvoicing('org_peers_down', { switchable: true, env: { PEER_TIMEOUT_MS: '1000' } });
    po = await h.order([{ quantity: 2, unitCost: 1, received: 2 }]);
    invoiceId = (await h.invoice({ purchaseOrderId: po.id, invoiceNumber: 'DOWN-1' })).id;
    const made = await h.request('POST', `/purchase-orders/${po.id}/landed-costs`, { description: 'Duty', amount: 3 });
    landedCostId = (made.body as { id: string }).id;
  }, 90_000);
  afterAll(() => h?.close());

  it.each([
    ['purchasing', 'POST', '/invoices', { invoiceNumber: 'DOWN-2' }],
    ['purchasing', 'GET', '/purchase-orders/{po}/landed-costs/summary', undefined],
    ['purchasing', 'POST', '/purchase-orders/{po}/landed-costs', { description: 'Freight', amount: 1 }],
    ['catalog', 'POST', '/invoices', { invoiceNumber: 'DOWN-3' }],
    ['gateway', 'POST', '/invoices', { invoiceNumber: 'DOWN-4' }],
    ['gateway', 'POST', '/invoices/{inv}/reconcile', undefined],
    ['inventory', 'GET', '/purchase-orders/{po}/landed-costs/summary', undefined],
    // A deletion tells inventory what leaves the layers: the order's lines are read for it.
    ['purchasing', 'DELETE', '/landed-costs/{lc}', undefined],
  ] as const)('answers 503 dependency_unavailable with %s down: %s %s', async (peer, method, route, body) => {
    const path = route.replace('{po}', po.id).replace('{inv}', invoiceId).replace('{lc}', landedCostId);
    const payload = body && method === 'POST' && path === '/invoices' ? { ...body, purchaseOrderId: po.id } : body;
    const res = await withDown([peer], () => h.request(method, path, payload));
    expect([res.status, res.body.error.code]).toEqual([503, 'dependency_unavailable']);
    expect(res.body.error.message).toContain(peer);
  });

  it('keeps reading, listing, reporting and disputing with every peer down', async () => {
    await withDown(['purchasing', 'catalog', 'inventory', 'gateway'], async () => {
      expect((await h.request('GET', `/invoices/${invoiceId}`)).status).toBe(200);
      expect((await h.request('GET', '/invoices')).body.total).toBe(1);
      expect((await h.request('GET', '/invoices/stats')).status).toBe(200);
      expect((await h.request('GET', '/invoices/aging')).status).toBe(200);
      expect((await h.request('POST', `/invoices/${invoiceId}/dispute`, { reason: 'late' })).status).toBe(201);
    });
  });
});
