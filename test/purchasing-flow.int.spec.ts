import { ApiError, createClient, verifyWebhook, WEBHOOK_HEADERS, type Client } from '@stockyard/client';
import { eventually, mailpit, type Stack, startReceiver, startStack } from '@stockyard/testkit';
import { pdfText } from '../services/purchasing/test/support/pdf-text';

/**
 * Issue #24's whole-system flow, as processes behind the gateway with an admin key, from a
 * reorder requirement to stock, called through the typed client (packages/client) as a partner
 * would, so the client cannot drift from the API: a variant below its reorder point →
 * bulk-from-requirements makes the DRAFT → submit → receive part (sent twice at once with one
 * Idempotency-Key, then replayed) → receive the rest (its answer lost once: the client retries
 * with the same key). It complements services/purchasing/test/purchasing-through-gateway.int.spec.ts
 * (on-hand totals, signed deliveries) with the ledger: exactly one RECEIPT movement per receipt,
 * the replay marked and identical, each event delivered once, signed (checked with the client's
 * verifyWebhook), and nothing ordered again. Then the order's documents through the same gateway:
 * its PDF reaches the SMTP server attached to the e-mail, and an attachment makes the round trip
 * through S3.
 */

/** What the client's fetch saw of each answer: what a partner's logs would show. */
interface Seen {
  method: string;
  url: string;
  status: number;
  idempotencyKey: string | null;
  replayed: boolean;
  text: string;
}

describe('purchasing flow: from a reorder requirement to stock, through the gateway', () => {
  let stack: Stack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let client: Client;
  let adminKey: string;
  const seen: Seen[] = [];
  /** The purchase order the first flow made (the audit trail's test reads its entries). */
  let flowOrder: string | undefined;
  /** The next POST whose URL ends so loses its answer once it is made (the connection drops). */
  let loseAnswerOf: string | undefined;

  /** The real fetch, recording each answer, and dropping one answer when asked. */
  const recordingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    const text = await res.clone().text();
    const idempotencyKey = new Headers(init?.headers).get('idempotency-key');
    const replayed = res.headers.get('idempotent-replayed') === 'true';
    seen.push({ method: init?.method ?? 'GET', url, status: res.status, idempotencyKey, replayed, text });
    if (loseAnswerOf && url.endsWith(loseAnswerOf)) {
      loseAnswerOf = undefined;
      await res.body?.cancel();
      throw new TypeError('fetch failed: the connection dropped before the answer');
    }
    return res;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack(['catalog', 'inventory', 'purchasing', 'webhooks'], {
      webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '1,1' },
    });
    ({ adminKey } = stack.bootstrapOrg('Purchasing Flow Org'));
    client = createClient({ baseUrl: stack.gatewayUrl, apiKey: adminKey, retryDelayMs: 50, fetch: recordingFetch });
  }, 120_000);
  afterAll(async () => {
    await stack?.destroy();
    await receiver?.close();
  });

  /**
   * A supplier ('<name> Supply', EUR) preferred for a new product's variant at `cost`, and a new
   * warehouse ('<name>') holding `onHand` of it with the given reorder point and max.
   */
  async function belowItsMin(item: {
    name: string;
    sku: string;
    cost: number;
    onHand: number;
    min: number;
    max: number;
  }) {
    const source = await client.call('createSource', { body: { name: `${item.name} Supply`, currency: 'EUR' } });
    const product = await client.call('createProduct', { body: { name: `${item.name} item`, cost: item.cost + 1 } });
    const variantId = product.variants[0]!.id;
    await client.call('upsertSourceSkus', {
      params: { id: source.id },
      body: { skus: [{ sku: item.sku, variantId, cost: item.cost, preferred: true }] },
    });
    const warehouseId = (await client.call('createWarehouse', { body: { name: item.name } })).id;
    await client.call('adjustStock', { body: { variantId, warehouseId, quantity: item.onHand, reason: 'count' } });
    await client.call('updateStockItem', {
      params: { variantId, warehouseId },
      body: { minQuantity: item.min, maxQuantity: item.max },
    });
    return { source, variantId, warehouseId };
  }

  it('orders what fell below its reorder point, receives it once per receipt, delivers each event once', async () => {
    const endpoint = await client.call('createEndpoint', {
      body: { url: receiver.url, events: ['purchase_order.created', 'purchase_order.status_changed'] },
    });
    const { source, variantId, warehouseId } = await belowItsMin({
      name: 'Flow',
      sku: 'FS-PALLET',
      cost: 8,
      onHand: 2,
      min: 5,
      max: 12,
    });

    const requirements = await client.call('bulkFromRequirements', { body: { warehouseId } });
    expect(requirements.created).toEqual([
      expect.objectContaining({
        channelId: source.id,
        warehouseId,
        lines: [expect.objectContaining({ variantId, supplierSku: 'FS-PALLET', quantity: 10, unitCost: 8 })],
      }),
    ]);
    // Ids are null only in a dry run.
    const poId = requirements.created[0]!.purchaseOrderId!;
    const lineId = requirements.created[0]!.lines[0]!.lineId!;
    flowOrder = poId;
    expect((await client.call('submitPurchaseOrder', { params: { id: poId } })).status).toBe('SUBMITTED');

    // The first receipt twice at once with one key: one records it; the other waits its turn (409
    // idempotency_in_progress) or replays it. Sent again later, the key replays the first answer.
    const receive = (quantity: number, idempotencyKey?: string) =>
      client.call('receiveLine', { params: { id: poId, lineId }, body: { quantity }, idempotencyKey });
    const key = `flow-${poId}-4`;
    const twice = await Promise.allSettled([receive(4, key), receive(4, key)]);
    const recorded = twice.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(recorded.length).toBeGreaterThanOrEqual(1);
    for (const r of twice)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409, code: 'idempotency_in_progress' });
    const replay = await eventually(async () => {
      const answer = await receive(4, key);
      return seen.at(-1)!.replayed ? answer : undefined;
    });
    expect(replay).toEqual(recorded[0]);
    expect(replay.status).toBe('PARTIALLY_RECEIVED');

    // The rest, its first answer lost: the client sends it again with the same key and gets the
    // first answer back, replayed, instead of a second receipt.
    loseAnswerOf = `/purchase-orders/${poId}/lines/${lineId}/receive`;
    const rest = await receive(6);
    expect(rest.status).toBe('RECEIVED');
    const [lost, retried] = seen.filter((s) => s.url.endsWith(`/lines/${lineId}/receive`)).slice(-2);
    expect(lost).toMatchObject({ status: 201, replayed: false });
    expect(retried).toMatchObject({ status: 201, replayed: true, idempotencyKey: lost!.idempotencyKey });
    expect(retried!.text).toBe(lost!.text);

    const receipts = await eventually(async () => {
      const page = await client.call('listMovements', { query: { variantId, type: 'RECEIPT' } });
      return page.data.length >= 2 ? page.data : undefined;
    });
    expect(receipts.map((m) => m.quantity).sort()).toEqual([4, 6]);
    const breakdown = await client.call('getStockBreakdown', { params: { variantId } });
    expect(breakdown.reduce((sum, w) => sum + w.onHand, 0)).toBe(12);

    const again = await client.call('bulkFromRequirements', { body: { warehouseId } });
    expect(again).toMatchObject({ created: [], updated: [] });
    // The supplier's orders, one per page: the one made, RECEIVED, and no other.
    const orders = [];
    for await (const po of client.paginate('listPurchaseOrders', { query: { channelId: source.id } }, 1))
      orders.push(po);
    expect(orders.map((po) => [po.id, po.status])).toEqual([[poId, 'RECEIVED']]);

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

  it('keeps the flow in the audit trail: each step once, by its route and key, no secret, intact', async () => {
    // Oldest first: made, submitted, then each receipt twice (recorded pending, then applied to stock).
    const steps = ['bulkFromRequirements', 'submitPurchaseOrder', ...Array<string>(4).fill('receiveLine')];
    const entries = await eventually(async () => {
      const page = await client.call('listAuditEvents', {
        query: { resourceType: 'purchase_order', resourceId: flowOrder!, limit: 100 },
      });
      return page.data.length >= steps.length ? [...page.data].reverse() : undefined;
    });
    // The receipt sent twice at once, its replay and the retried one after a lost answer recorded nothing more.
    expect(entries.map((e) => e.request?.route)).toEqual(steps);
    for (const entry of entries) {
      expect(entry.actor).toMatchObject({ kind: 'key', type: 'admin', job: null });
      expect(entry.status).toBe(201);
    }
    const statuses = entries.flatMap((e) => {
      const status = e.resources[0]?.fields.status;
      return status && status.before !== null ? [`${status.before as string}>${status.after as string}`] : [];
    });
    expect(statuses).toEqual(['DRAFT>SUBMITTED', 'SUBMITTED>PARTIALLY_RECEIVED', 'PARTIALLY_RECEIVED>RECEIVED']);
    expect(JSON.stringify(entries)).not.toContain(adminKey);
    expect(await client.call('verifyAuditChain', {})).toMatchObject({ intact: true, brokenAt: null });
  }, 60_000);

  it('e-mails an order with its PDF to the supplier and keeps an attachment in S3, through the gateway', async () => {
    const email = `buyer-${Date.now()}@flow-supply.test`;
    const source = await client.call('createSource', { body: { name: 'Docs Supply', currency: 'EUR', email } });
    const variantId = (await client.call('createProduct', { body: { name: 'Crate', cost: 3.5 } })).variants[0]!.id;
    const warehouseId = (await client.call('createWarehouse', { body: { name: 'Docs' } })).id;
    const po = await client.call('createPurchaseOrder', {
      body: { channelId: source.id, warehouseId, lines: [{ variantId, quantity: 7, supplierSku: 'DS-CRATE' }] },
    });

    const sent = await client.call('sendEmail', { params: { id: po.id }, body: {} });
    expect(sent).toMatchObject({ status: 'SENT', kind: 'ORDER' });
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

    const upload = await client.call('createUploadUrl', {
      params: { id: po.id },
      query: { filename: 'receipt.pdf', contentType: 'application/pdf' },
    });
    const bytes = Buffer.from('%PDF-1.4 a delivery note');
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: bytes });
    expect(put.status).toBe(200);
    const record = { key: upload.key, filename: 'receipt.pdf', contentType: 'application/pdf' };
    const attachment = await client.call('recordAttachment', { params: { id: po.id }, body: record });
    expect(attachment).toMatchObject({ kind: 'pdf', size: bytes.length });
    const withPdf = await client.call('listPurchaseOrders', { query: { attachmentType: 'pdf', channelId: source.id } });
    expect(withPdf.data.map((o) => o.id)).toEqual([po.id]);

    await client.call('deleteAttachment', { params: { id: po.id, attachmentId: attachment.id } });
    expect((await client.call('listAttachments', { params: { id: po.id } })).data).toEqual([]);
    // The object went with the record: recording its key again finds nothing in S3.
    const gone = client.call('recordAttachment', { params: { id: po.id }, body: record });
    await expect(gone).rejects.toBeInstanceOf(ApiError);
    await expect(gone).rejects.toMatchObject({ status: 422, code: 'upload_not_found' });
  }, 60_000);

  it('orders what the reorder suggestions suggest, their rows sent as lines; it is on order next', async () => {
    const { source, variantId, warehouseId } = await belowItsMin({
      name: 'Suggested',
      sku: 'SS-SPOOL',
      cost: 1.75,
      onHand: 1,
      min: 4,
      max: 12,
    });
    const suggested = async () =>
      (await client.call('getReorderSuggestions', { query: { warehouseId } })).data.find(
        (r) => r.variantId === variantId,
      );
    // Up to the max: 12 − 1 available.
    expect(await suggested()).toMatchObject({ rule: 'min_max', incoming: 0, suggestedQuantity: 11 });

    const rows = (await client.call('getReorderSuggestions', { query: { warehouseId } })).data;
    const lines = rows
      .filter((r) => r.suggestedQuantity > 0)
      .map((r) => ({ variantId: r.variantId, warehouseId: r.warehouseId, quantity: r.suggestedQuantity }));
    const ordered = await client.call('bulkFromRequirements', { body: { lines } });
    expect(ordered.created).toEqual([
      expect.objectContaining({
        channelId: source.id,
        warehouseId,
        lines: [expect.objectContaining({ variantId, supplierSku: 'SS-SPOOL', quantity: 11, unitCost: 1.75 })],
      }),
    ]);
    expect(await suggested()).toMatchObject({ incoming: 11, suggestedQuantity: 0 });
  }, 60_000);
});
