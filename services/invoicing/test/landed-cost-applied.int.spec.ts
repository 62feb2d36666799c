import { toCents } from '@stockyard/contracts';
import { eventually } from '@stockyard/testkit';
import { startInvoicing, type Invoicing } from './support/invoicing';

interface AppliedLine {
  lineId: string;
  amountCents: number;
}

/**
 * `landed_cost.applied` (internal, for inventory's cost layers): written with the allocation,
 * re-allocation or deletion that moved a line's amount, at the cost's version after that write,
 * each changed line with its whole amount then.
 */
describe('landed_cost.applied', () => {
  let h: Invoicing;
  let po: Awaited<ReturnType<Invoicing['order']>>;
  const appliedOf = (landedCostId: string) =>
    h.events.filter((e) => e.name === 'landed_cost.applied' && e.payload.landedCostId === landedCostId);
  const revision = async (landedCostId: string, revision: number) =>
    (await h.eventOf('landed_cost.applied', { landedCostId, revision })).payload as unknown as {
      lines: AppliedLine[];
    };
  const version = async (id: string) =>
    (await h.connection.collection<{ _id: string; version: number }>('landed_costs').findOne({ _id: id }))?.version;
  const cents = (cost: { allocations: { purchaseOrderLineId: string; amount: number }[] }) =>
    cost.allocations.filter((a) => a.amount !== 0).map((a) => [a.purchaseOrderLineId, toCents(a.amount)]);
  const linesOf = (lines: AppliedLine[]) => lines.map((l) => [l.lineId, l.amountCents]);

  beforeAll(async () => {
    h = await startInvoicing('org_landed_applied');
    po = await h.order([
      { quantity: 10, unitCost: 4, received: 6 },
      { quantity: 5, unitCost: 10, received: 5 },
      { quantity: 3, unitCost: 7 },
    ]);
  }, 90_000);
  afterAll(() => h?.close());

  it('allocating emits the lines given an amount, with the order’s warehouse, variant and received units', async () => {
    const cost = (
      await h.request('POST', `/purchase-orders/${po.id}/landed-costs`, { description: 'Freight', amount: 100 })
    ).body;
    const event = await h.eventOf('landed_cost.applied', { landedCostId: cost.id });
    expect(event.payload).toMatchObject({ orgId: h.orgId, landedCostId: cost.id, revision: 1 });
    expect(await version(cost.id)).toBe(1);
    expect(event.payload.lines).toEqual([
      {
        purchaseOrderId: po.id,
        lineId: po.lines[0]!.id,
        variantId: po.lines[0]!.variantId,
        warehouseId: po.warehouseId,
        receivedQuantity: 6,
        amountCents: 3243,
      },
      {
        purchaseOrderId: po.id,
        lineId: po.lines[1]!.id,
        variantId: po.lines[1]!.variantId,
        warehouseId: po.warehouseId,
        receivedQuantity: 5,
        amountCents: 6757,
      },
    ]);
  });

  it('re-allocating emits new totals at the next revision, an edit moving no amount none, deleting 0s', async () => {
    const cost = (
      await h.request('POST', `/purchase-orders/${po.id}/landed-costs`, { description: 'Duty', amount: 30 })
    ).body;
    const smaller = await h.request('PUT', `/landed-costs/${cost.id}`, { amount: 20 });
    expect(smaller.status).toBe(200);
    expect(linesOf((await revision(cost.id, 2)).lines)).toEqual(cents(smaller.body));
    const manual = await h.request('PUT', `/landed-costs/${cost.id}/allocations`, {
      allocations: [{ purchaseOrderLineId: po.lines[1]!.id, amount: 20 }],
    });
    expect(manual.status).toBe(200);
    expect(linesOf((await revision(cost.id, 3)).lines)).toEqual([
      [po.lines[0]!.id, 0],
      [po.lines[1]!.id, 2000],
    ]);
    expect((await h.request('PUT', `/landed-costs/${cost.id}`, { description: 'Duty (sea)' })).status).toBe(200);
    expect((await h.request('DELETE', `/landed-costs/${cost.id}`)).status).toBe(200);
    expect(linesOf((await revision(cost.id, 5)).lines)).toEqual([[po.lines[1]!.id, 0]]);
    expect(await version(cost.id)).toBe(5);
    await eventually(async () => (appliedOf(cost.id).length === 4 ? true : undefined));
    expect(appliedOf(cost.id).map((e) => e.payload.revision)).toEqual([1, 2, 3, 5]);
    expect((await h.request('GET', `/landed-costs/${cost.id}`)).status).toBe(404);
    expect((await h.request('DELETE', `/landed-costs/${cost.id}`)).status).toBe(404);
    expect((await h.request('PUT', `/landed-costs/${cost.id}`, { amount: 1 })).status).toBe(404);
  });
});
