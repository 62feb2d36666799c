import { eventually } from '@stockyard/testkit';
import { startInvoicing, type Invoicing } from './support/invoicing';

describe('landed costs', () => {
  let h: Invoicing;
  let po: Awaited<ReturnType<Invoicing['order']>>;
  const add = (body: Record<string, unknown>, poId = po.id) =>
    h.request('POST', `/purchase-orders/${poId}/landed-costs`, body);
  const amounts = (cost: { allocations: { amount: number }[] }) => cost.allocations.map((a) => a.amount);

  beforeAll(async () => {
    h = await startInvoicing('org_landed_costs');
    po = await h.order([
      { quantity: 10, unitCost: 4, received: 6, variant: { name: 'Heavy', weight: 2.5 } },
      { quantity: 5, unitCost: 10, received: 5, variant: { name: 'Light', weight: 1 } },
      { quantity: 3, unitCost: 7, variant: { name: 'Awaited', weight: 3 } },
    ]);
  }, 90_000);
  afterAll(() => h?.close());

  it('allocates by received value by default, exactly, 0 to a line with nothing received', async () => {
    const res = await add({ description: 'Freight', amount: 100 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      purchaseOrderId: po.id,
      amount: 100,
      allocationMethod: 'BY_VALUE',
      invoiceId: null,
    });
    // Received values 24 and 50 of 74: 32.43 and 67.57 (the leftover cent to the larger remainder).
    expect(res.body.allocations).toEqual([
      { purchaseOrderLineId: po.lines[0]!.id, amount: 32.43 },
      { purchaseOrderLineId: po.lines[1]!.id, amount: 67.57 },
      { purchaseOrderLineId: po.lines[2]!.id, amount: 0 },
    ]);
  });

  it('allocates by received quantity and by received weight, summing exactly', async () => {
    const byQuantity = await add({ description: 'Handling', amount: 10, allocationMethod: 'BY_QUANTITY' });
    expect(amounts(byQuantity.body)).toEqual([5.45, 4.55, 0]);
    const byWeight = await add({ description: 'Duty', amount: 33.33, allocationMethod: 'BY_WEIGHT' });
    // Received weights 6 × 2.5 = 15 and 5 × 1 = 5.
    expect(amounts(byWeight.body)).toEqual([25, 8.33, 0]);
  });

  it('refuses a zero base (nothing received, no weights) with 422 allocation_base_zero', async () => {
    const awaited = await h.order([{ quantity: 4, unitCost: 1 }], po.channelId);
    for (const [poId, allocationMethod] of [
      [awaited.id, 'BY_VALUE'],
      [awaited.id, 'BY_QUANTITY'],
    ] as const) {
      const res = await add({ description: 'Freight', amount: 5, allocationMethod }, poId);
      expect([res.status, res.body.error.code]).toEqual([422, 'allocation_base_zero']);
    }
    const weightless = await h.order([{ quantity: 4, unitCost: 1, received: 4 }], po.channelId);
    const res = await add({ description: 'Freight', amount: 5, allocationMethod: 'BY_WEIGHT' }, weightless.id);
    expect([res.status, res.body.error.code]).toEqual([422, 'allocation_base_zero']);
    expect((await h.request('GET', `/purchase-orders/${weightless.id}/landed-costs`)).body).toEqual([]);
  });

  it('sets manual allocations (summing within 0.01), refuses others with 422, and /allocate on MANUAL', async () => {
    const manual = (await add({ description: 'Insurance', amount: 20, allocationMethod: 'MANUAL' })).body;
    expect(manual.allocations).toEqual([]);
    const set = (allocations: unknown[]) => h.request('PUT', `/landed-costs/${manual.id}/allocations`, { allocations });
    const ok = await set([
      { purchaseOrderLineId: po.lines[0]!.id, amount: 12.5 },
      { purchaseOrderLineId: po.lines[1]!.id, amount: 7.49 },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ allocationMethod: 'MANUAL', allocations: [{ amount: 12.5 }, { amount: 7.49 }] });
    const off = await set([{ purchaseOrderLineId: po.lines[0]!.id, amount: 19.98 }]);
    expect([off.status, off.body.error.code]).toEqual([422, 'allocations_sum_mismatch']);
    const other = await h.order([{ quantity: 1, unitCost: 1 }], po.channelId);
    const stranger = await set([{ purchaseOrderLineId: other.lines[0]!.id, amount: 20 }]);
    expect([stranger.status, stranger.body.error.code]).toEqual([422, 'purchase_order_line_not_on_order']);
    const allocate = await h.request('POST', `/landed-costs/${manual.id}/allocate`);
    expect([allocate.status, allocate.body.error.code]).toEqual([422, 'allocation_method_manual']);
  });

  it('turns a computed cost MANUAL by setting its allocations, and re-runs on a new amount or method', async () => {
    const cost = (await add({ description: 'Freight 2', amount: 50 })).body;
    const manual = await h.request('PUT', `/landed-costs/${cost.id}/allocations`, {
      allocations: [{ purchaseOrderLineId: po.lines[1]!.id, amount: 50 }],
    });
    expect(manual.body.allocationMethod).toBe('MANUAL');
    const byQuantity = await h.request('PUT', `/landed-costs/${cost.id}`, { allocationMethod: 'BY_QUANTITY' });
    expect(byQuantity.status).toBe(200);
    expect(amounts(byQuantity.body)).toEqual([27.27, 22.73, 0]);
    const bigger = await h.request('PUT', `/landed-costs/${cost.id}`, { amount: 110 });
    expect(amounts(bigger.body)).toEqual([60, 50, 0]);
    const renamed = await h.request('PUT', `/landed-costs/${cost.id}`, { description: 'Freight (sea)' });
    expect(renamed.body).toMatchObject({ description: 'Freight (sea)', amount: 110 });
    const backToManual = await h.request('PUT', `/landed-costs/${cost.id}`, { allocationMethod: 'MANUAL', amount: 90 });
    expect(backToManual.body).toMatchObject({ allocationMethod: 'MANUAL', allocations: [] });
    const again = await h.request('POST', `/landed-costs/${cost.id}/allocate`);
    expect(again.status).toBe(422);
  });

  it('re-runs an allocation with /allocate as goods arrive, replacing the old one', async () => {
    const order = await h.order(
      [
        { quantity: 4, unitCost: 5, received: 4 },
        { quantity: 4, unitCost: 5 },
      ],
      po.channelId,
    );
    const cost = (await add({ description: 'Freight', amount: 10 }, order.id)).body;
    expect(amounts(cost)).toEqual([10, 0]);
    await h.ok(await h.purchasing.receive(order.id, order.lines[1]!.id, { quantity: 4 }), 'receive');
    const res = await h.request('POST', `/landed-costs/${cost.id}/allocate`);
    expect(res.status).toBe(201);
    expect(amounts(res.body)).toEqual([5, 5]);
  });

  it('links an invoice of the same order (at once or later); another order’s invoice is refused with 422', async () => {
    const invoice = await h.invoice({ purchaseOrderId: po.id, invoiceNumber: 'LC-INV-1' });
    const linked = await add({ description: 'Broker', amount: 5, invoiceId: invoice.id });
    expect(linked.body.invoiceId).toBe(invoice.id);
    const other = await h.order([{ quantity: 1, unitCost: 1, received: 1 }], po.channelId);
    const foreign = await h.invoice({ purchaseOrderId: other.id, invoiceNumber: 'LC-INV-2' });
    const refused = await add({ description: 'Broker', amount: 5, invoiceId: foreign.id });
    expect([refused.status, refused.body.error.code]).toEqual([422, 'invoice_not_on_purchase_order']);
    const later = await h.request('PUT', `/landed-costs/${linked.body.id}`, { invoiceId: foreign.id });
    expect([later.status, later.body.error.code]).toEqual([422, 'invoice_not_on_purchase_order']);
    const unknown = await add({ description: 'Broker', amount: 5, invoiceId: 'inv_nope' });
    expect([unknown.status, unknown.body.error.code]).toEqual([422, 'invoice_not_on_purchase_order']);
    const unlinked = await h.request('PUT', `/landed-costs/${linked.body.id}`, { invoiceId: null });
    expect(unlinked.body.invoiceId).toBeNull();
  });

  it('lists an order’s costs as an array, reads one, deletes it with its allocations', async () => {
    const list = await h.request('GET', `/purchase-orders/${po.id}/landed-costs`);
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    const first = list.body[0];
    expect((await h.request('GET', `/landed-costs/${first.id}`)).body).toEqual(first);
    const deleted = await h.request('DELETE', `/landed-costs/${first.id}`);
    expect([deleted.status, deleted.body.id]).toEqual([200, first.id]);
    expect((await h.request('GET', `/landed-costs/${first.id}`)).status).toBe(404);
    const after = (await h.request('GET', `/purchase-orders/${po.id}/landed-costs`)).body;
    expect(after.map((c: { id: string }) => c.id)).not.toContain(first.id);
  });

  it('answers 404 for an unknown or another organization’s order or cost on every route', async () => {
    const cost = (await add({ description: 'Probe', amount: 1 })).body;
    const other = { orgId: 'org_landed_other' };
    const probes: [string, string, unknown?][] = [
      ['POST', `/purchase-orders/po_nope/landed-costs`, { description: 'x', amount: 1 }],
      ['GET', `/purchase-orders/po_nope/landed-costs`],
      ['GET', `/purchase-orders/po_nope/landed-costs/summary`],
      ['GET', `/landed-costs/lc_nope`],
      ['PUT', `/landed-costs/lc_nope`, { amount: 2 }],
      ['DELETE', `/landed-costs/lc_nope`],
      ['POST', `/landed-costs/lc_nope/allocate`],
      ['PUT', `/landed-costs/lc_nope/allocations`, { allocations: [{ purchaseOrderLineId: 'pol_x', amount: 1 }] }],
    ];
    for (const [method, path, body] of probes) {
      const res = await h.request(method, path, body);
      expect(`${method} ${path} ${res.status} ${res.body.error.code}`).toBe(`${method} ${path} 404 resource_not_found`);
    }
    for (const [method, path] of [
      ['GET', `/landed-costs/${cost.id}`],
      ['GET', `/purchase-orders/${po.id}/landed-costs`],
      ['GET', `/purchase-orders/${po.id}/landed-costs/summary`],
    ] as const) {
      expect((await h.request(method, path, undefined, other)).status).toBe(404);
    }
  });

  it('refuses a bad body with 400 validation_failed', async () => {
    for (const body of [
      { description: 'x', amount: 0 },
      { description: 'x', amount: 1.001 },
      { description: 'x', amount: 5, allocationMethod: 'EVENLY' },
      { amount: 5 },
    ]) {
      const res = await add(body);
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
    }
  });

  it('records each write in the audit trail, its allocations as the cost has them, not as stored', async () => {
    const cost = (await add({ description: 'Insurance', amount: 20, allocationMethod: 'BY_QUANTITY' })).body;
    await h.ok(await h.request('PUT', `/landed-costs/${cost.id}`, { amount: 22 }), 'update');
    type Resource = { type: string; id: string; action: string; fields: Record<string, { before: unknown }> };
    const resourceOf = (e: { payload: Record<string, unknown> }) => (e.payload.resources as Resource[])[0];
    const records = await eventually(() => {
      const found = h.events.filter((e) => e.name === 'audit.recorded' && resourceOf(e)?.id === cost.id);
      return found.length === 2 ? found.map((e) => resourceOf(e)!) : undefined;
    });
    expect(records.map((r) => `${r.type} ${r.action}`).sort()).toEqual(['landed_cost changed', 'landed_cost created']);
    const changed = records.find((r) => r.action === 'changed')!;
    expect(changed.fields.amount).toEqual({ before: 20, after: 22 });
    expect(changed.fields.allocations).toEqual({ before: cost.allocations, after: expect.any(Array) });
  });
});
