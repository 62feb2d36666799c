import type { InvoiceStatus } from '@stockyard/contracts';
import { invoiceStates, type InvoiceTrigger } from '../src/domain/invoice-states';
import { startInvoicing, type Invoicing } from './support/invoicing';

interface Fixture {
  id: string;
  lineId: string;
}

/** Each trigger as the routes that fire it (a line edit is three routes, matching two). */
const ROUTES: Record<InvoiceTrigger, [label: string, method: string, path: string, body?: unknown][]> = {
  update: [['PUT /invoices/{id}', 'PUT', '', { notes: 'checked' }]],
  edit_lines: [
    ['POST …/lines', 'POST', '/lines', { quantity: 1, unitCost: 1 }],
    ['PUT …/lines/{lineId}', 'PUT', '/lines/{lineId}', { quantity: 2 }],
    ['DELETE …/lines/{lineId}', 'DELETE', '/lines/{lineId}'],
  ],
  delete: [['DELETE /invoices/{id}', 'DELETE', '']],
  match: [
    ['POST …/lines/{lineId}/match', 'POST', '/lines/{lineId}/match', 'MATCH'],
    ['POST …/auto-match', 'POST', '/auto-match'],
  ],
  submit: [['POST …/submit', 'POST', '/submit']],
  approve: [['POST …/approve', 'POST', '/approve']],
  dispute: [['POST …/dispute', 'POST', '/dispute', { reason: 'short shipped' }]],
  reopen: [['POST …/reopen', 'POST', '/reopen']],
  mark_paid: [['POST …/mark-paid', 'POST', '/mark-paid', { paymentReference: 'TX-1', paymentMethod: 'ACH' }]],
  reconcile: [['POST …/reconcile', 'POST', '/reconcile']],
};

const table = invoiceStates('advanced');
const cases = (allowed: boolean) =>
  table.statuses.flatMap((from) =>
    table.triggers
      .filter((trigger) => table.can(from, trigger) === allowed)
      .flatMap((trigger) => ROUTES[trigger].map(([label, ...route]) => ({ from, trigger, label, route }))),
  );

describe('the invoice workflow through HTTP', () => {
  let h: Invoicing;
  let po: Awaited<ReturnType<Invoicing['order']>>;
  let seq = 0;
  const fixtures = new Map<InvoiceStatus, Fixture>();

  /** A fresh invoice in `status` (one line of the order's first line), made through the routes. */
  async function inStatus(status: InvoiceStatus): Promise<Fixture> {
    const body = {
      purchaseOrderId: po.id,
      invoiceNumber: `W-${++seq}`,
      lines: [{ quantity: 2, unitCost: 2, vendorSku: 'W-SKU' }],
      ...(status === 'PAID' ? { markAsPaid: true } : {}),
    };
    if (status === 'OUTSTANDING') await h.settings({ invoiceWorkflow: 'simple' });
    const inv = await h.invoice(body).finally(() => h.settings({ invoiceWorkflow: 'advanced' }));
    if (status === 'PENDING') await h.ok(await h.request('POST', `/invoices/${inv.id}/submit`), 'submit');
    if (status === 'APPROVED') await h.ok(await h.request('POST', `/invoices/${inv.id}/approve`), 'approve');
    if (status === 'DISPUTED') await h.ok(await h.request('POST', `/invoices/${inv.id}/dispute`, {}), 'dispute');
    return { id: inv.id, lineId: inv.lines[0].id };
  }

  const fire = (f: Fixture, [method, path, body]: [string, string, unknown?]) =>
    h.request(
      method,
      `/invoices/${f.id}${path.replace('{lineId}', f.lineId)}`,
      body === 'MATCH' ? { purchaseOrderLineId: po.lines[0]!.id } : body,
    );

  beforeAll(async () => {
    h = await startInvoicing('org_invoice_workflow');
    po = await h.order([{ quantity: 5, unitCost: 2, received: 2, supplierSku: 'W-SKU' }]);
    await h.settings({ invoiceWorkflow: 'advanced' });
    for (const status of table.statuses) fixtures.set(status, await inStatus(status));
  }, 120_000);
  afterAll(() => h?.close());

  it.each(cases(false))('refuses $label from $from with 409 invalid_status_transition', async ({ from, route }) => {
    const fixture = fixtures.get(from)!;
    const res = await fire(fixture, route);
    expect([res.status, res.body.error.code]).toEqual([409, 'invalid_status_transition']);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ field: 'status', message: expect.stringContaining(from) }),
    ]);
    expect((await h.request('GET', `/invoices/${fixture.id}`)).body.status).toBe(from);
  });

  it.each(table.statuses)(
    'refuses unreconcile of an unreconciled %s invoice with 409 invoice_not_reconciled',
    async (from) => {
      const res = await h.request('POST', `/invoices/${fixtures.get(from)!.id}/unreconcile`);
      expect([res.status, res.body.error.code]).toEqual([409, 'invoice_not_reconciled']);
    },
  );

  it.each(cases(true))('allows $label from $from', async ({ from, trigger, route }) => {
    const fixture = await inStatus(from);
    const res = await fire(fixture, route);
    expect(res.status).toBeLessThan(300);
    const after = (await h.request('GET', `/invoices/${fixture.id}`)).body;
    expect(after.status).toBe(table.next(from, trigger));
  });

  it('reopens a disputed invoice to OUTSTANDING in the simple workflow and to DRAFT in the advanced one', async () => {
    const advanced = await inStatus('DISPUTED');
    expect((await h.request('POST', `/invoices/${advanced.id}/reopen`)).body.status).toBe('DRAFT');
    const simple = await inStatus('DISPUTED');
    await h.settings({ invoiceWorkflow: 'simple' });
    try {
      expect((await h.request('POST', `/invoices/${simple.id}/reopen`)).body.status).toBe('OUTSTANDING');
    } finally {
      await h.settings({ invoiceWorkflow: 'advanced' });
    }
  });

  it('appends the dispute reason to the notes and records the payment', async () => {
    const inv = await inStatus('DRAFT');
    const disputed = await h.request('POST', `/invoices/${inv.id}/dispute`, { reason: 'billed 10, got 8' });
    expect(disputed.body).toMatchObject({
      status: 'DISPUTED',
      notes: expect.stringMatching(/^Disputed \d{4}-\d\d-\d\d: billed 10, got 8$/),
    });
    await h.ok(await h.request('POST', `/invoices/${inv.id}/approve`), 'approve');
    const paid = await h.request('POST', `/invoices/${inv.id}/mark-paid`, {
      paymentDate: '2026-06-30',
      paymentReference: 'CHK-42',
      paymentMethod: 'check',
    });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      status: 'PAID',
      paymentDate: '2026-06-30',
      paymentReference: 'CHK-42',
      paymentMethod: 'check',
    });
    expect(paid.body.paidAt).toEqual(expect.any(String));
  });

  it('reconciles OUTSTANDING, APPROVED and PAID as an overlay and unreconciles it', async () => {
    for (const status of ['OUTSTANDING', 'APPROVED', 'PAID'] as const) {
      const inv = await inStatus(status);
      const on = await h.request('POST', `/invoices/${inv.id}/reconcile`);
      expect(on.body).toMatchObject({ status, reconciled: true, reconciledAt: expect.any(String) });
      const again = await h.request('POST', `/invoices/${inv.id}/reconcile`);
      expect(again.body.reconciledAt).toBe(on.body.reconciledAt);
      const off = await h.request('POST', `/invoices/${inv.id}/unreconcile`);
      expect(off.body).toMatchObject({ status, reconciled: false, reconciledAt: null });
    }
  });

  it('answers 404 for an unknown invoice and for another organization’s on every workflow route', async () => {
    const { id } = fixtures.get('OUTSTANDING')!;
    for (const path of ['submit', 'approve', 'dispute', 'reopen', 'mark-paid', 'reconcile', 'unreconcile']) {
      for (const [target, orgId] of [
        ['inv_nope', undefined],
        [id, 'org_workflow_other'],
      ] as const) {
        const res = await h.request('POST', `/invoices/${target}/${path}`, {}, orgId ? { orgId } : {});
        expect(`${path} ${res.status} ${res.body.error.code}`).toBe(`${path} 404 resource_not_found`);
      }
    }
  });
});
