import { eventually } from '@stockyard/testkit';
import { startInvoicing, type Invoicing } from './support/invoicing';

/** PUT /invoices/{id}, its lines, DELETE and restore: DRAFT invoices of the advanced workflow. */
describe('editing a DRAFT invoice', () => {
  let h: Invoicing;
  let po: Awaited<ReturnType<Invoicing['order']>>;
  let seq = 0;
  const draft = async (fields: Record<string, unknown> = {}) =>
    h.invoice({ purchaseOrderId: po.id, invoiceNumber: `D-${++seq}`, invoiceDate: '2026-04-01', ...fields });

  beforeAll(async () => {
    h = await startInvoicing('org_edit_draft_invoice');
    await h.settings({ invoiceWorkflow: 'advanced' });
    po = await h.order([
      { quantity: 10, unitCost: 2, received: 6 },
      { quantity: 5, unitCost: 3, received: 5 },
    ]);
  }, 90_000);
  afterAll(() => h?.close());

  it('updates the header, replaces the charges and computes the totals again', async () => {
    const inv = await draft({ lines: [{ quantity: 2, unitCost: 1.5 }] });
    const res = await h.request('PUT', `/invoices/${inv.id}`, {
      invoiceNumber: 'D-RENAMED',
      dueDate: '2026-05-15',
      notes: 'checked',
      charges: [
        { description: 'Freight', amount: 10 },
        { description: 'Fuel', amount: 0.25 },
      ],
      total: 13.25,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ invoiceNumber: 'D-RENAMED', dueDate: '2026-05-15', subtotal: 3, total: 13.25 });
    expect(res.body.charges.map((c: { amount: number }) => c.amount)).toEqual([10, 0.25]);
    const mismatch = await h.request('PUT', `/invoices/${inv.id}`, { total: 13 });
    expect([mismatch.status, mismatch.body.error.code]).toEqual([422, 'total_mismatch']);
    const taken = await h.request('PUT', `/invoices/${(await draft()).id}`, { invoiceNumber: 'd-renamed' });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'invoice_number_taken']);
  });

  it('adds, changes and removes lines with totals and variances computed again', async () => {
    const inv = await draft();
    const added = await h.request('POST', `/invoices/${inv.id}/lines`, {
      purchaseOrderLineId: po.lines[0]!.id,
      quantity: 6,
      unitCost: 2.1,
      vendorSku: 'V-1',
    });
    expect(added.status).toBe(201);
    const line = added.body.lines[0];
    expect(line).toMatchObject({ lineTotal: 12.6, quantityVariance: 0, costVariance: 0.6 });
    expect(added.body.total).toBe(12.6);
    const changed = await h.request('PUT', `/invoices/${inv.id}/lines/${line.id}`, { quantity: 7.5 });
    expect(changed.status).toBe(200);
    expect(changed.body.lines[0]).toMatchObject({ lineTotal: 15.75, quantityVariance: 1.5, costVariance: 0.75 });
    const rematched = await h.request('PUT', `/invoices/${inv.id}/lines/${line.id}`, {
      purchaseOrderLineId: po.lines[1]!.id,
      unitCost: 3,
    });
    expect(rematched.body.lines[0]).toMatchObject({ quantityVariance: 2.5, costVariance: 0, withinTolerance: false });
    const unmatched = await h.request('PUT', `/invoices/${inv.id}/lines/${line.id}`, { purchaseOrderLineId: null });
    expect(unmatched.body.lines[0]).toMatchObject({ purchaseOrderLineId: null, costVariance: null });
    const removed = await h.request('DELETE', `/invoices/${inv.id}/lines/${line.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ lines: [], subtotal: 0, total: 0 });
    const gone = await h.request('DELETE', `/invoices/${inv.id}/lines/${line.id}`);
    expect([gone.status, gone.body.error.code]).toEqual([404, 'resource_not_found']);
  });

  it('refuses a line matched to a PO line of another order with 422', async () => {
    const other = await h.order([{ quantity: 1, unitCost: 1 }], po.channelId);
    const inv = await draft({ lines: [{ quantity: 1, unitCost: 1 }] });
    for (const res of [
      await h.request('POST', `/invoices/${inv.id}/lines`, {
        purchaseOrderLineId: other.lines[0]!.id,
        quantity: 1,
        unitCost: 1,
      }),
      await h.request('PUT', `/invoices/${inv.id}/lines/${inv.lines[0].id}`, {
        purchaseOrderLineId: other.lines[0]!.id,
      }),
    ]) {
      expect([res.status, res.body.error.code]).toEqual([422, 'purchase_order_line_not_on_order']);
    }
  });

  it('refuses update, soft delete and every line change once the invoice is not DRAFT (409)', async () => {
    const inv = await draft({ lines: [{ quantity: 1, unitCost: 1 }] });
    await h.ok(await h.request('POST', `/invoices/${inv.id}/submit`), 'submit');
    const lineId = inv.lines[0].id;
    for (const [method, path, body] of [
      ['PUT', `/invoices/${inv.id}`, { notes: 'late' }],
      ['DELETE', `/invoices/${inv.id}`, undefined],
      ['POST', `/invoices/${inv.id}/lines`, { quantity: 1, unitCost: 1 }],
      ['PUT', `/invoices/${inv.id}/lines/${lineId}`, { quantity: 2 }],
      ['DELETE', `/invoices/${inv.id}/lines/${lineId}`, undefined],
    ] as const) {
      const res = await h.request(method, path, body);
      expect(`${method} ${path} ${res.status} ${res.body.error.code}`).toBe(
        `${method} ${path} 409 invalid_status_transition`,
      );
    }
  });

  it('refuses a line on an OUTSTANDING invoice (409) saying DRAFTs come with invoiceWorkflow advanced', async () => {
    await h.settings({ invoiceWorkflow: 'simple' });
    const inv = await draft().finally(() => h.settings({ invoiceWorkflow: 'advanced' }));
    expect(inv.status).toBe('OUTSTANDING');
    const res = await h.request('POST', `/invoices/${inv.id}/lines`, { quantity: 1, unitCost: 1 });
    expect([res.status, res.body.error.code]).toEqual([409, 'invalid_status_transition']);
    expect(res.body.error.message).toBe(
      'Invoice cannot edit lines while OUTSTANDING: lines can be edited only on a DRAFT invoice. DRAFT invoices ' +
        "come with the organization setting invoiceWorkflow: 'advanced' (PATCH /settings): new invoices start " +
        'DRAFT and a disputed one reopens to DRAFT',
    );
    expect(res.body.error.details).toEqual([
      { field: 'status', code: 'invalid_status_transition', message: 'from OUTSTANDING by edit_lines' },
    ]);
  });

  it('trashes a DRAFT (its number free again), restores it, and purchasing’s hasInvoice follows', async () => {
    const inv = await draft({ invoiceNumber: 'TRASH-1' });
    const invoiced = async () => (await h.purchasing.request('GET', `/purchase-orders/${po.id}`)).body.hasInvoice;
    await eventually(async () => ((await invoiced()) ? true : undefined));
    const trashed = await h.request('DELETE', `/invoices/${inv.id}`);
    expect(trashed.status).toBe(200);
    expect(trashed.body.deletedAt).not.toBeNull();
    await h.eventOf('invoice.trashed', { invoiceId: inv.id, purchaseOrderId: po.id });
    expect((await h.request('GET', '/invoices')).body.data.map((i: { id: string }) => i.id)).not.toContain(inv.id);
    const blocked = await h.request('PUT', `/invoices/${inv.id}`, { notes: 'x' });
    expect([blocked.status, blocked.body.error.code]).toEqual([409, 'invoice_trashed']);

    const reuse = await draft({ invoiceNumber: 'TRASH-1' });
    const clash = await h.request('POST', `/invoices/${inv.id}/restore`);
    expect([clash.status, clash.body.error.code]).toEqual([409, 'invoice_number_taken']);
    await h.ok(await h.request('DELETE', `/invoices/${reuse.id}`), 'trash the reuse');
    const restored = await h.request('POST', `/invoices/${inv.id}/restore`);
    expect(restored.status).toBe(201);
    expect(restored.body.deletedAt).toBeNull();
    await h.eventOf('invoice.restored', { invoiceId: inv.id });
    await eventually(async () => ((await invoiced()) ? true : undefined));
  });

  it('clears hasInvoice on the order once its only invoice is trashed', async () => {
    const lone = await h.order([{ quantity: 1, unitCost: 1 }], po.channelId);
    const inv = await h.invoice({ purchaseOrderId: lone.id, invoiceNumber: 'LONE-1' });
    const invoiced = async () => (await h.purchasing.request('GET', `/purchase-orders/${lone.id}`)).body.hasInvoice;
    await eventually(async () => ((await invoiced()) === true ? true : undefined));
    await h.ok(await h.request('DELETE', `/invoices/${inv.id}`), 'trash');
    await eventually(async () => ((await invoiced()) === false ? true : undefined));
  });
});
