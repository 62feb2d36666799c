import { eventually, sendAcrossCrash, mailpit } from '@stockyard/testkit';
import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { documentedOrder, PRINTED } from './support/documents';
import { pdfText } from './support/pdf-text';
import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_mail';
const mail = mailpit();
/** An address no other test (or earlier run) sends to: Mailpit keeps every message. */
const unique = (who: string) => `${who}-${randomUUID().slice(0, 8)}@mail.test`;
/** The one message Mailpit received for `to`. */
const receivedBy = async (to: string) => {
  const found = await eventually(async () => {
    const list = await mail.messages({ to });
    return list.length > 0 ? list : undefined;
  });
  expect(found).toHaveLength(1);
  return mail.message(found[0]!.id);
};

describe('POST /purchase-orders/{id}/send-email and send-follow-up', () => {
  let h: Purchasing;
  const send = (id: string, body?: unknown) => h.request('POST', `/purchase-orders/${id}/send-email`, body);
  const followUp = (id: string, body?: unknown) => h.request('POST', `/purchase-orders/${id}/send-follow-up`, body);
  const messagesOf = async (id: string, query = '') => h.request('GET', `/purchase-orders/${id}/messages${query}`);

  beforeAll(async () => {
    h = await startPurchasing(ORG);
  }, 60_000);
  afterAll(() => h.close());

  it("e-mails the order with its PDF to the supplier's address and records it SENT", async () => {
    const supplier = unique('orders');
    const { po } = await documentedOrder(h, supplier);
    const res = await send(po.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      purchaseOrderId: po.id,
      kind: 'ORDER',
      direction: 'OUTBOUND',
      to: [supplier],
      cc: [],
      subject: `Purchase order ${po.orderNumber}`,
      status: 'SENT',
      error: null,
    });
    expect(Date.parse(res.body.sentAt)).toBeGreaterThanOrEqual(Date.parse(res.body.createdAt));

    const received = await receivedBy(supplier);
    expect(received.subject).toBe(`Purchase order ${po.orderNumber}`);
    expect(h.config.SMTP_FROM).toContain(received.from.address);
    expect(received.text).toContain(`purchase order ${po.orderNumber}`);
    expect(received.text).toContain('EUR 18.83');
    expect(received.attachments).toEqual([
      expect.objectContaining({ fileName: `${po.orderNumber}.pdf`, contentType: 'application/pdf' }),
    ]);
    const bytes = await mail.attachment(received.id, received.attachments[0]!.partId);
    const { text } = await pdfText(bytes);
    for (const shown of [po.orderNumber, supplier, ...PRINTED]) expect(text).toContain(shown);
  });

  it('sends to the given to and cc with the given subject and message', async () => {
    const { po } = await documentedOrder(h, unique('unused'));
    const [to, cc] = [unique('buyer'), unique('copy')];
    const res = await send(po.id, { to, cc: [cc], subject: 'Our order, please confirm', message: 'Pallets, please.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ to: [to], cc: [cc], subject: 'Our order, please confirm', status: 'SENT' });
    const received = await receivedBy(to);
    expect(received.cc.map((a) => a.address)).toEqual([cc]);
    expect(received.subject).toBe('Our order, please confirm');
    expect(received.text).toContain('Pallets, please.');
  });

  it('sends once when a keyed send runs again after its process died before answering', async () => {
    const supplier = unique('rerun');
    const { po } = await documentedOrder(h, supplier);
    const key = `mail-${po.id}`;
    const keyed = () =>
      h.request('POST', `/purchase-orders/${po.id}/send-email`, {}, { headers: { 'idempotency-key': key } });
    const [first, rerun] = await sendAcrossCrash(h.connection, key, keyed);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(rerun.body).toEqual(first.body);
    expect((await messagesOf(po.id)).body).toHaveLength(1);
    await receivedBy(supplier); // exactly one
    await new Promise((resolve) => setTimeout(resolve, 300)); // a second copy would be in by now
    expect(await mail.messages({ to: supplier })).toHaveLength(1);
  });

  it('sends a DRAFT order as a request for quotation and leaves it DRAFT', async () => {
    const to = unique('rfq');
    const channelId = await h.supplier({ email: to });
    const draft = await h.order({
      channelId,
      type: 'DROPSHIP',
      lines: [{ variantId: await h.variant({ cost: 1 }), quantity: 2 }],
    });
    expect((await send(draft.id)).status).toBe(201);
    expect((await receivedBy(to)).attachments).toHaveLength(1);
    expect((await h.request('GET', `/purchase-orders/${draft.id}`)).body.status).toBe('DRAFT');
  });

  it('refuses a supplier without e-mail and no to with 422 supplier_email_missing, recording nothing', async () => {
    const { po } = await documentedOrder(h, null);
    for (const res of [await send(po.id), await followUp(po.id, {})]) {
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('supplier_email_missing');
    }
    expect((await messagesOf(po.id)).body).toEqual([]);
  });

  it('refuses to e-mail or follow up a CANCELLED order with 409', async () => {
    const channelId = await h.supplier({ email: unique('cancelled') });
    const po = await h.order({ channelId, type: 'DROPSHIP' });
    await h.request('POST', `/purchase-orders/${po.id}/cancel`);
    for (const res of [await send(po.id), await followUp(po.id)]) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('invalid_status_transition');
    }
  });

  it('refuses a follow-up once everything was received with 409', async () => {
    const { po, lineId } = await h.submittedOrder(2);
    await h.receive(po.id, lineId, { quantity: 2 });
    const res = await followUp(po.id, { to: unique('late') });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('invalid_status_transition');
  });

  it('sends a follow-up asking for a delivery date, without the PDF', async () => {
    const supplier = unique('follow');
    const { po } = await documentedOrder(h, supplier);
    const res = await followUp(po.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'FOLLOW_UP', to: [supplier], status: 'SENT' });
    const received = await receivedBy(supplier);
    expect(received.subject).toBe(`Follow-up: purchase order ${po.orderNumber}`);
    expect(received.text).toContain('expected delivery date');
    expect(received.attachments).toEqual([]);
  });

  it('lists the messages as an array, newest first, paged, with the total in X-Total-Count', async () => {
    const supplier = unique('listed');
    const { po } = await documentedOrder(h, supplier);
    const order = (await send(po.id)).body;
    const follow = (await followUp(po.id, { message: 'Any news?' })).body;
    const all = await messagesOf(po.id);
    expect(all.status).toBe(200);
    expect(all.body).toEqual([follow, order]);
    const second = await messagesOf(po.id, '?limit=1&offset=1');
    expect(second.body).toEqual([order]);
    expect(second.headers.get('x-total-count')).toBe('2');
  });

  it("answers 404 for another organization's order, sending nothing", async () => {
    const { po } = await documentedOrder(h, unique('private'));
    for (const path of ['send-email', 'send-follow-up']) {
      const res = await h.request('POST', `/purchase-orders/${po.id}/${path}`, {}, { orgId: 'org_po_mail_other' });
      expect(res.status).toBe(404);
    }
    expect((await messagesOf(po.id)).body).toEqual([]);
    const other = await h.request('GET', `/purchase-orders/${po.id}/messages`, undefined, {
      orgId: 'org_po_mail_other',
    });
    expect(other.status).toBe(404);
  });

  it.each([
    ['a malformed to', { to: 'not an address' }],
    ['an unknown field', { bcc: 'x@mail.test' }],
    ['a subject with a line break', { subject: 'Hi\r\nBcc: x@mail.test' }],
  ])('refuses %s with 400 validation_failed', async (_, body) => {
    const { po } = await h.submittedOrder(1);
    const res = await send(po.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});

describe('purchase-order e-mail when SMTP fails', () => {
  let h: Purchasing;
  let held: Socket[] = [];
  const silent = createServer((socket) => held.push(socket));

  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    h = await startPurchasing('org_po_mail_down', { env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    silent.close();
  });

  it('answers 502 email_delivery_failed (never 500) and keeps the message FAILED with its reason', async () => {
    const { po } = await documentedOrder(h, unique('down'));
    const res = await h.request('POST', `/purchase-orders/${po.id}/send-email`);
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('email_delivery_failed');
    const messages = (await h.request('GET', `/purchase-orders/${po.id}/messages`)).body;
    expect(messages).toEqual([
      expect.objectContaining({ id: res.body.error.details[0].message, kind: 'ORDER', status: 'FAILED', sentAt: null }),
    ]);
    expect(messages[0].error).toMatch(/SMTP server unreachable/);
  });

  it('keeps one message when the retry of a failed keyed send fails again', async () => {
    const { po } = await documentedOrder(h, unique('down-keyed'));
    const keyed = () =>
      h.request(
        'POST',
        `/purchase-orders/${po.id}/send-email`,
        {},
        { headers: { 'idempotency-key': `down-${po.id}` } },
      );
    const first = await keyed();
    const retry = await keyed();
    expect([first.status, retry.status]).toEqual([502, 502]);
    expect(retry.body.error.details[0].message).toBe(first.body.error.details[0].message); // the same message id
    const messages = (await h.request('GET', `/purchase-orders/${po.id}/messages`)).body;
    expect(messages).toEqual([expect.objectContaining({ status: 'FAILED' })]);
  });

  it('records the message SENDING before the SMTP server answers', async () => {
    const port = (silent.address() as { port: number }).port;
    const replica = await startPurchasing('org_po_mail_slow', { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const { po } = await documentedOrder(replica, unique('slow'));
      const pending = replica.request('POST', `/purchase-orders/${po.id}/send-follow-up`);
      const sending = await eventually(async () => {
        const list = (await replica.request('GET', `/purchase-orders/${po.id}/messages`)).body;
        return list.length === 1 ? list[0] : undefined;
      });
      expect(sending).toMatchObject({ kind: 'FOLLOW_UP', status: 'SENDING', sentAt: null });
      for (const socket of held) socket.destroy(); // the server goes away mid-conversation
      held = [];
      expect((await pending).status).toBe(502);
      const [settled] = (await replica.request('GET', `/purchase-orders/${po.id}/messages`)).body;
      expect(settled).toMatchObject({ id: sending.id, status: 'FAILED' });
    } finally {
      await replica.close();
    }
  });
});
