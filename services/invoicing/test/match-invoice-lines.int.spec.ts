import { eventually, sendAcrossCrash } from '@stockyard/testkit';
import { startInvoicing, type Invoicing } from './support/invoicing';

describe('matching invoice lines: match, auto-match, tolerance, receipts', () => {
  let h: Invoicing;
  let po: Awaited<ReturnType<Invoicing['order']>>;
  let seq = 0;
  const record = (lines: Record<string, unknown>[], fields: Record<string, unknown> = {}) =>
    h.invoice({ purchaseOrderId: po.id, invoiceNumber: `M-${++seq}`, lines, ...fields });

  beforeAll(async () => {
    h = await startInvoicing('org_match_invoice_lines');
    po = await h.order([
      { quantity: 10, unitCost: 4, received: 10, supplierSku: 'ACME-BOLT', variant: { name: 'Bolt', sku: 'BOLT-M8' } },
      { quantity: 20, unitCost: 0.5, received: 12, variant: { name: 'Nut', sku: 'NUT-M8' } },
      { quantity: 5, unitCost: 9.99, variant: { name: 'Washer', sku: 'WASH-1' } },
    ]);
  }, 90_000);
  afterAll(() => h?.close());

  it('matches a line to a PO line and computes its variances (POST …/lines/{lineId}/match)', async () => {
    const inv = await record([{ quantity: 15, unitCost: 0.55 }]);
    const res = await h.request('POST', `/invoices/${inv.id}/lines/${inv.lines[0].id}/match`, {
      purchaseOrderLineId: po.lines[1]!.id,
    });
    expect(res.status).toBe(201);
    // 15 invoiced − 12 received; (0.55 − 0.50) × 15 = 0.75.
    expect(res.body.lines[0]).toMatchObject({
      purchaseOrderLineId: po.lines[1]!.id,
      quantityVariance: 3,
      costVariance: 0.75,
    });
  });

  it('adds one line when a keyed add runs again after its process died before answering', async () => {
    await h.settings({ invoiceWorkflow: 'advanced' }); // a DRAFT: its lines may change
    const inv = await record([]).finally(() => h.settings({ invoiceWorkflow: 'simple' }));
    const key = `line-${inv.id}`;
    const send = () =>
      h.request(
        'POST',
        `/invoices/${inv.id}/lines`,
        { quantity: 2, unitCost: 3 },
        { headers: { 'idempotency-key': key } },
      );
    const [first, rerun] = await sendAcrossCrash(h.connection, key, send);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(rerun.body.lines).toEqual(first.body.lines);
    expect(rerun.body.lines).toHaveLength(1);
  });

  it('refuses a PO line of another order with 422, an unknown line with 404', async () => {
    const other = await h.order([{ quantity: 1, unitCost: 1 }], po.channelId);
    const inv = await record([{ quantity: 1, unitCost: 1 }]);
    const wrong = await h.request('POST', `/invoices/${inv.id}/lines/${inv.lines[0].id}/match`, {
      purchaseOrderLineId: other.lines[0]!.id,
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([422, 'purchase_order_line_not_on_order']);
    const missing = await h.request('POST', `/invoices/${inv.id}/lines/inl_nope/match`, {
      purchaseOrderLineId: po.lines[0]!.id,
    });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'resource_not_found']);
  });

  it('refuses matching a standalone memo’s line (no purchase order) with 422', async () => {
    const memo = await h.invoice({
      invoiceType: 'DEBIT_MEMO',
      channelId: po.channelId,
      invoiceNumber: `M-${++seq}`,
      lines: [{ quantity: 1, unitCost: 1 }],
    });
    const res = await h.request('POST', `/invoices/${memo.id}/lines/${memo.lines[0].id}/match`, {
      purchaseOrderLineId: po.lines[0]!.id,
    });
    expect([res.status, res.body.error.code]).toEqual([422, 'purchase_order_line_not_on_order']);
    expect((await h.request('POST', `/invoices/${memo.id}/auto-match`)).body.matched).toBe(0);
  });

  it('auto-matches by the supplier SKU or the variant SKU, in any case, and answers how many it matched', async () => {
    const inv = await record([
      { vendorSku: 'acme-bolt', quantity: 10, unitCost: 4 },
      { vendorSku: 'NUT-M8', quantity: 12, unitCost: 0.5 },
      { vendorSku: 'UNKNOWN-1', quantity: 1, unitCost: 1 },
      { quantity: 1, unitCost: 1 },
    ]);
    const res = await h.request('POST', `/invoices/${inv.id}/auto-match`);
    expect(res.status).toBe(201);
    expect(res.body.matched).toBe(2);
    expect(res.body.invoice.lines.map((l: { purchaseOrderLineId: string | null }) => l.purchaseOrderLineId)).toEqual([
      po.lines[0]!.id,
      po.lines[1]!.id,
      null,
      null,
    ]);
    expect(res.body.invoice.lines[0]).toMatchObject({ quantityVariance: 0, costVariance: 0, withinTolerance: true });
    expect((await h.request('POST', `/invoices/${inv.id}/auto-match`)).body.matched).toBe(0);
  });

  it('flags lines within the organization’s tolerance: the greater of the percent and the amount', async () => {
    // 10 × 4.10 against 4.00: a cost variance of 1.00 on a PO value of 40.00.
    const line = { purchaseOrderLineId: po.lines[0]!.id, quantity: 10, unitCost: 4.1 };
    expect((await record([line])).lines[0].withinTolerance).toBe(false);
    await h.settings({ matchTolerancePercent: 2.5, matchToleranceAmount: 0 });
    expect((await record([line])).lines[0].withinTolerance).toBe(true);
    await h.settings({ matchTolerancePercent: 1, matchToleranceAmount: 0.99 });
    expect((await record([line])).lines[0].withinTolerance).toBe(false);
    await h.settings({ matchTolerancePercent: 1, matchToleranceAmount: 1 });
    expect((await record([line])).lines[0].withinTolerance).toBe(true);
    await h.settings({ matchTolerancePercent: 0, matchToleranceAmount: 0 });
  });

  it('computes the quantity variance again as goods arrive after matching (purchase_order.line_received)', async () => {
    const inv = await record([{ purchaseOrderLineId: po.lines[2]!.id, quantity: 5, unitCost: 9.99 }]);
    expect(inv.lines[0]).toMatchObject({ quantityVariance: 5, receivedQuantity: 0 });
    await h.ok(await h.purchasing.receive(po.id, po.lines[2]!.id, { quantity: 3 }), 'receive');
    const after = await eventually(async () => {
      const line = (await h.request('GET', `/invoices/${inv.id}`)).body.lines[0];
      return line.receivedQuantity === 3 ? line : undefined;
    });
    expect(after).toMatchObject({ quantityVariance: 2, costVariance: 0 });
  });
});
