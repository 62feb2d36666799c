import { startInvoicing, type Invoicing } from './support/invoicing';

const RELEASED = 'invoice.accounting_push_released';

describe('the accounting push (setting accountingPush)', () => {
  let h: Invoicing;
  let po: Awaited<ReturnType<Invoicing['order']>>;
  let seq = 0;
  const record = () =>
    h.invoice({ purchaseOrderId: po.id, invoiceNumber: `AP-${++seq}`, lines: [{ quantity: 2, unitCost: 5 }] });
  const releasesOf = (invoiceId: string) =>
    h.events.filter((e) => e.name === RELEASED && e.payload.invoiceId === invoiceId);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

  beforeAll(async () => {
    h = await startInvoicing('org_accounting_push');
    po = await h.order([{ quantity: 5, unitCost: 5, received: 5 }]);
  }, 90_000);
  afterAll(() => h?.close());

  it('never releases a bill with none (the default)', async () => {
    const inv = await record();
    await h.ok(await h.request('POST', `/invoices/${inv.id}/reconcile`), 'reconcile');
    await settle();
    expect(releasesOf(inv.id)).toEqual([]);
    expect((await h.request('GET', `/invoices/${inv.id}`)).body.accountingPushedAt).toBeNull();
  });

  it('releases the bill on reconcile with on_reconcile, once, as an internal event a connector consumes', async () => {
    await h.settings({ accountingPush: 'on_reconcile' });
    const inv = await record();
    expect(inv.accountingPushedAt).toBeNull();
    const reconciled = await h.request('POST', `/invoices/${inv.id}/reconcile`);
    expect(reconciled.body.accountingPushedAt).toEqual(expect.any(String));
    const event = await h.eventOf(RELEASED, { invoiceId: inv.id });
    expect(event.payload).toMatchObject({
      orgId: h.orgId,
      invoiceId: inv.id,
      invoiceNumber: inv.invoiceNumber,
      channelId: po.channelId,
      purchaseOrderId: po.id,
      total: 10,
      trigger: 'on_reconcile',
    });
    await h.ok(await h.request('POST', `/invoices/${inv.id}/unreconcile`), 'unreconcile');
    await h.ok(await h.request('POST', `/invoices/${inv.id}/reconcile`), 'reconcile again');
    await settle();
    expect(releasesOf(inv.id)).toHaveLength(1);
  });

  it('releases the bill once payable with on_approve: at approval, or at once in the simple workflow', async () => {
    await h.settings({ accountingPush: 'on_approve', invoiceWorkflow: 'advanced' });
    const draft = await record();
    await h.ok(await h.request('POST', `/invoices/${draft.id}/submit`), 'submit');
    await settle();
    expect(releasesOf(draft.id)).toEqual([]);
    await h.ok(await h.request('POST', `/invoices/${draft.id}/approve`), 'approve');
    expect((await h.eventOf(RELEASED, { invoiceId: draft.id })).payload.trigger).toBe('on_approve');
    await h.ok(await h.request('POST', `/invoices/${draft.id}/mark-paid`, {}), 'pay');
    await h.settings({ invoiceWorkflow: 'simple' });
    const outstanding = await record();
    expect(outstanding.accountingPushedAt).toEqual(expect.any(String));
    await h.eventOf(RELEASED, { invoiceId: outstanding.id });
    await settle();
    expect(releasesOf(draft.id)).toHaveLength(1);
  });
});
