import { verifyWebhook, WEBHOOK_HEADERS } from '@stockyard/contracts';
import { eventually, gatewayJson, mailpit, type Stack, startReceiver, startStack } from '@stockyard/testkit';
import { pdfText } from '../services/purchasing/test/support/pdf-text';

/**
 * Issue #24's whole-system flow, as processes behind the gateway with an admin key, from a
 * reorder requirement to stock: a variant below its reorder point → bulk-from-requirements makes
 * the DRAFT → submit → receive part → receive the rest, each receipt sent twice at once with one
 * Idempotency-Key and replayed. It complements services/purchasing/test/purchasing-through-gateway.int.spec.ts
 * (on-hand totals, signed deliveries) with the ledger: exactly one RECEIPT movement per receipt,
 * the replay marked and identical, each event delivered once, signed, and nothing ordered again.
 * Then the order's documents through the same gateway: its PDF reaches the SMTP server attached to
 * the e-mail, and an attachment makes the round trip through S3.
 */
describe('purchasing flow: from a reorder requirement to stock, through the gateway', () => {
  let stack: Stack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let adminKey: string;

  const api = (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) =>
    gatewayJson(stack.gatewayUrl, adminKey).call(method, route, body, headers);
  const ok = (method: string, route: string, body?: unknown) =>
    gatewayJson(stack.gatewayUrl, adminKey).ok(method, route, body);

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack(['catalog', 'inventory', 'purchasing', 'webhooks'], {
      webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '1,1' },
    });
    ({ adminKey } = stack.bootstrapOrg('Purchasing Flow Org'));
  }, 120_000);
  afterAll(async () => {
    await stack?.destroy();
    await receiver?.close();
  });

  it('orders what fell below its reorder point, receives it once per receipt, delivers each event once', async () => {
    const endpoint = await ok('POST', '/webhooks', {
      url: receiver.url,
      events: ['purchase_order.created', 'purchase_order.status_changed'],
    });
    const source = await ok('POST', '/sources', { name: 'Flow Supply', currency: 'EUR' });
    const variantId = (await ok('POST', '/products', { name: 'Pallet', cost: 9 })).variants[0].id;
    await ok('POST', `/sources/${source.id}/skus`, {
      skus: [{ sku: 'FS-PALLET', variantId, cost: 8, preferred: true }],
    });
    const warehouseId = (await ok('POST', '/warehouses', { name: 'Flow' })).id;
    await ok('POST', '/stock/adjust', { variantId, warehouseId, quantity: 2, reason: 'count' });
    await ok('PATCH', `/stock/items/${variantId}/${warehouseId}`, { minQuantity: 5, maxQuantity: 12 });

    const requirements = await api('POST', '/purchase-orders/bulk-from-requirements', { warehouseId });
    expect(requirements.status).toBe(201);
    expect(requirements.body.created).toEqual([
      expect.objectContaining({
        channelId: source.id,
        warehouseId,
        lines: [expect.objectContaining({ variantId, supplierSku: 'FS-PALLET', quantity: 10, unitCost: 8 })],
      }),
    ]);
    const poId: string = requirements.body.created[0].purchaseOrderId;
    const lineId: string = requirements.body.created[0].lines[0].lineId;
    expect((await api('POST', `/purchase-orders/${poId}/submit`)).status).toBe(201);

    for (const [quantity, status] of [
      [4, 'PARTIALLY_RECEIVED'],
      [6, 'RECEIVED'],
    ] as const) {
      const headers = { 'Idempotency-Key': `flow-${poId}-${quantity}` };
      const receive = () => api('POST', `/purchase-orders/${poId}/lines/${lineId}/receive`, { quantity }, headers);
      const twice = await Promise.all([receive(), receive()]);
      // One records the receipt; the other waits its turn (409 in progress) or replays it.
      expect(twice.map((r) => r.status).filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
      expect(twice.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      const first = twice.find((r) => r.status === 201)!;
      const replay = await eventually(async () => {
        const res = await receive();
        return res.headers.get('idempotent-replayed') === 'true' ? res : undefined;
      });
      expect(replay.status).toBe(201);
      expect(replay.text).toBe(first.text);
      expect(replay.body.status).toBe(status);
    }

    const receipts = await eventually(async () => {
      const page = await ok('GET', `/stock/movements?variantId=${variantId}&type=RECEIPT`);
      return page.data.length >= 2 ? page.data : undefined;
    });
    expect(receipts.map((m: { quantity: number }) => m.quantity).sort()).toEqual([4, 6]);
    const breakdown = (await ok('GET', `/stock/variant/${variantId}/breakdown`)) as { onHand: number }[];
    expect(breakdown.reduce((sum, w) => sum + w.onHand, 0)).toBe(12);

    const again = await api('POST', '/purchase-orders/bulk-from-requirements', { warehouseId });
    expect(again.body).toMatchObject({ created: [], updated: [] });

    const transitions = ['DRAFT>SUBMITTED', 'SUBMITTED>PARTIALLY_RECEIVED', 'PARTIALLY_RECEIVED>RECEIVED'];
    const mine = () =>
      receiver.received.filter(
        (r) => (r.body as { data?: { purchaseOrderId?: string } })?.data?.purchaseOrderId === poId,
      );
    await eventually(() => (mine().length >= 1 + transitions.length ? true : undefined), 30_000);
    // A late duplicate would arrive within the retry schedule's seconds: wait past it.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const deliveries = mine();
    for (const delivery of deliveries) {
      const signature = delivery.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
      expect(verifyWebhook({ secret: endpoint.secret, rawBody: delivery.rawBody, header: signature })).toBe(true);
    }
    const bodies = deliveries.map((d) => d.body as { event: string; data: Record<string, string> });
    const created = bodies.filter((b) => b.event === 'purchase_order.created');
    expect(created.map((b) => b.data)).toEqual([
      expect.objectContaining({ purchaseOrderId: poId, channelId: source.id, type: 'STANDARD', status: 'DRAFT' }),
    ]);
    const moves = bodies
      .filter((b) => b.event === 'purchase_order.status_changed')
      .map((b) => `${b.data.fromStatus}>${b.data.toStatus}`);
    expect(moves.sort()).toEqual([...transitions].sort());
  }, 120_000);

  it('e-mails an order with its PDF to the supplier and keeps an attachment in S3, through the gateway', async () => {
    const email = `buyer-${Date.now()}@flow-supply.test`;
    const source = await ok('POST', '/sources', { name: 'Docs Supply', currency: 'EUR', email });
    const variantId = (await ok('POST', '/products', { name: 'Crate', cost: 3.5 })).variants[0].id;
    const warehouseId = (await ok('POST', '/warehouses', { name: 'Docs' })).id;
    const po = await ok('POST', '/purchase-orders', {
      channelId: source.id,
      warehouseId,
      lines: [{ variantId, quantity: 7, supplierSku: 'DS-CRATE' }],
    });

    const sent = await api('POST', `/purchase-orders/${po.id}/send-email`);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'SENT', kind: 'ORDER' });
    const [mail] = await eventually(async () => {
      const found = await mailpit().messages({ to: email });
      return found.length > 0 ? found : undefined;
    });
    const pdf = mail!.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdf.fileName).toBe(`${po.orderNumber}.pdf`);
    const { text } = await pdfText(await mailpit().attachment(mail!.id, pdf.partId));
    expect(text).toContain(po.orderNumber);
    expect(text).toContain('Docs Supply');
    expect(text).toContain('DS-CRATE');
    expect(text).toContain('24.50'); // 7 × 3.50, the total

    const upload = await ok(
      'POST',
      `/purchase-orders/${po.id}/attachments/upload-url?filename=receipt.pdf&contentType=application/pdf`,
    );
    const bytes = Buffer.from('%PDF-1.4 a delivery note');
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: bytes });
    expect(put.status).toBe(200);
    const recorded = await api('POST', `/purchase-orders/${po.id}/attachments`, {
      key: upload.key,
      filename: 'receipt.pdf',
      contentType: 'application/pdf',
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ kind: 'pdf', size: bytes.length });
    const withPdf = await ok('GET', `/purchase-orders?attachmentType=pdf&channelId=${source.id}`);
    expect(withPdf.data.map((o: { id: string }) => o.id)).toEqual([po.id]);

    expect((await api('DELETE', `/purchase-orders/${po.id}/attachments/${recorded.body.id}`)).status).toBe(200);
    expect((await ok('GET', `/purchase-orders/${po.id}/attachments`)).data).toEqual([]);
    // The object went with the record: recording its key again finds nothing in S3.
    const gone = await api('POST', `/purchase-orders/${po.id}/attachments`, {
      key: upload.key,
      filename: 'receipt.pdf',
      contentType: 'application/pdf',
    });
    expect(gone.status).toBe(422);
    expect(gone.body.error.code).toBe('upload_not_found');
  }, 60_000);
});
