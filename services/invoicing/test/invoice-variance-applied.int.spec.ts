import { startInvoicing, type Invoicing } from './support/invoicing';

interface AppliedLine {
  lineId: string;
  amountCents: number;
}

/**
 * `invoice_variance.applied` (internal, for inventory's cost layers): a variance counts while its
 * invoice is payable (OUTSTANDING, APPROVED, PAID), written with the change that made it count,
 * moved it or withdrew it, at the invoice's version after that write, each moved PO line with its
 * whole variance then.
 */
describe('invoice_variance.applied', () => {
  let h: Invoicing;
  let po: Awaited<ReturnType<Invoicing['order']>>;
  let seq = 0;
  const appliedOf = (invoiceId: string) =>
    h.events.filter((e) => e.name === 'invoice_variance.applied' && e.payload.invoiceId === invoiceId);
  const linesAt = async (invoiceId: string, revision: number) =>
    ((await h.eventOf('invoice_variance.applied', { invoiceId, revision })).payload.lines as AppliedLine[]).map((l) => [
      l.lineId,
      l.amountCents,
    ]);
  const version = async (id: string) =>
    (await h.connection.collection<{ _id: string; version: number }>('invoices').findOne({ _id: id }))?.version;
  const record = (lines: Record<string, unknown>[]) =>
    h.invoice({ purchaseOrderId: po.id, invoiceNumber: `V-${++seq}`, lines });

  beforeAll(async () => {
    h = await startInvoicing('org_variance_applied');
    po = await h.order([
      { quantity: 10, unitCost: 4, received: 10 },
      { quantity: 5, unitCost: 2, received: 5 },
    ]);
  }, 90_000);
  afterAll(() => h?.close());

  it('is written with a payable invoice recorded matched: its variance, the line and its warehouse', async () => {
    // (4.25 − 4.00) × 10 = 2.50 on the first line.
    const inv = await record([{ purchaseOrderLineId: po.lines[0]!.id, quantity: 10, unitCost: 4.25 }]);
    expect(inv.status).toBe('OUTSTANDING');
    const event = await h.eventOf('invoice_variance.applied', { invoiceId: inv.id });
    expect(event.payload).toEqual({
      orgId: h.orgId,
      invoiceId: inv.id,
      revision: 1,
      lines: [
        {
          purchaseOrderId: po.id,
          lineId: po.lines[0]!.id,
          variantId: po.lines[0]!.variantId,
          warehouseId: po.warehouseId,
          receivedQuantity: 10,
          amountCents: 250,
        },
      ],
    });
  });

  it('moves with a re-match, is withdrawn (0) by a dispute and comes back on approval', async () => {
    const inv = await record([{ purchaseOrderLineId: po.lines[0]!.id, quantity: 5, unitCost: 3.8 }]);
    expect(await linesAt(inv.id, 1)).toEqual([[po.lines[0]!.id, -100]]);
    const rematched = await h.request('POST', `/invoices/${inv.id}/lines/${inv.lines[0].id}/match`, {
      purchaseOrderLineId: po.lines[1]!.id,
    });
    expect(rematched.status).toBe(201);
    // (3.80 − 2.00) × 5 = 9.00 on the second line, none left on the first.
    expect(await linesAt(inv.id, 2)).toEqual([
      [po.lines[0]!.id, 0],
      [po.lines[1]!.id, 900],
    ]);
    expect((await h.request('POST', `/invoices/${inv.id}/dispute`, { reason: 'price' })).status).toBe(201);
    expect(await linesAt(inv.id, 3)).toEqual([[po.lines[1]!.id, 0]]);
    expect((await h.request('POST', `/invoices/${inv.id}/approve`)).status).toBe(201);
    expect(await linesAt(inv.id, 4)).toEqual([[po.lines[1]!.id, 900]]);
    expect(await version(inv.id)).toBe(4);
  });

  it('waits for approval in the advanced workflow: nothing while DRAFT or PENDING', async () => {
    await h.settings({ invoiceWorkflow: 'advanced' });
    const inv = await record([{ purchaseOrderLineId: po.lines[1]!.id, quantity: 5, unitCost: 2.1 }]).finally(() =>
      h.settings({ invoiceWorkflow: 'simple' }),
    );
    expect(inv.status).toBe('DRAFT');
    expect((await h.request('POST', `/invoices/${inv.id}/submit`)).status).toBe(201);
    expect((await h.request('POST', `/invoices/${inv.id}/approve`)).status).toBe(201);
    expect(await linesAt(inv.id, 3)).toEqual([[po.lines[1]!.id, 50]]);
    expect(appliedOf(inv.id)).toHaveLength(1);
  });

  it('is not written for a line matched at its PO cost, nor again when the invoice is paid', async () => {
    const atCost = await record([{ purchaseOrderLineId: po.lines[0]!.id, quantity: 1, unitCost: 4 }]);
    const dearer = await record([{ purchaseOrderLineId: po.lines[0]!.id, quantity: 1, unitCost: 5 }]);
    expect(await linesAt(dearer.id, 1)).toEqual([[po.lines[0]!.id, 100]]);
    for (const inv of [atCost, dearer]) {
      expect((await h.request('POST', `/invoices/${inv.id}/mark-paid`, {})).status).toBe(201);
    }
    // A later invoice's event: every write before it has had its events relayed.
    const later = await record([{ purchaseOrderLineId: po.lines[1]!.id, quantity: 1, unitCost: 3 }]);
    await h.eventOf('invoice_variance.applied', { invoiceId: later.id });
    expect([appliedOf(atCost.id).length, appliedOf(dearer.id).length]).toEqual([0, 1]);
  });
});
