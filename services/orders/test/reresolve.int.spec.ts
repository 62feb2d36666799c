import { holdsOf, stockedChannel, stockOf, stockUp } from './support/holds';
import { startOrders, type Orders } from './support/orders';

const ORG = 'org_reresolve';

describe('POST /orders/reresolve-lines', () => {
  let h: Orders;
  beforeAll(async () => {
    h = await startOrders(ORG, { env: { HOLD_SWEEP_MS: '0' } });
  });
  afterAll(() => h.close());

  it('a dry run by default; false links lines by SKU, holds only for orders still to fulfil', async () => {
    const { channelId, warehouseId } = await stockedChannel(h, 0);
    const lines = [{ channelLineId: 'L1', sku: 'late-sku', quantity: 2 }];
    const open = await h.order({ channelId, channelOrderId: 'R-1', lines });
    const shipped = await h.order({ channelId, channelOrderId: 'R-2', lines });
    await h.request('PUT', `/orders/${shipped.id}/status`, { status: 'SHIPPED' });
    const never = await h.order({ channelId, channelOrderId: 'R-3', lines: [{ sku: 'NEVER', quantity: 1 }] });
    const variant = await h.variant({ name: 'Late', sku: 'LATE-SKU' });
    await stockUp(h, variant.id, warehouseId, 9);
    const dry = await h.request('POST', '/orders/reresolve-lines', { orderIds: [open.id, shipped.id, never.id] });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, orders: 3, lines: 3, linked: 2, unmatched: 1 });
    expect((await h.request('GET', `/orders/${open.id}`)).body.lines[0].variantId).toBeNull();

    const run = await h.request('POST', '/orders/reresolve-lines', { dryRun: false });
    expect(run.status).toBe(200);
    expect(run.body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderId: open.id, outcome: 'linked', variantId: variant.id, holds: 'held' }),
        expect.objectContaining({ orderId: shipped.id, outcome: 'linked', holds: 'shipped' }),
        expect.objectContaining({ orderId: never.id, outcome: 'unmatched', variantId: null }),
      ]),
    );
    expect((await h.request('GET', `/orders/${shipped.id}`)).body.lines[0].variantId).toBe(variant.id);
    expect(await holdsOf(h, open.id)).toEqual([
      expect.objectContaining({ variantId: variant.id, reservedQuantity: 2 }),
    ]);
    expect(await holdsOf(h, shipped.id)).toEqual([]);
    // Nothing deducted: on hand as it was.
    expect(await stockOf(h, variant.id)).toEqual({ onHand: 9, reserved: 2 });
    const again = await h.request('POST', '/orders/reresolve-lines', { dryRun: false, orderIds: [open.id] });
    expect(again.body).toMatchObject({ lines: 0, linked: 0 });
  });

  it('refuses a limit or orderIds out of range (400)', async () => {
    for (const body of [{ limit: 0 }, { limit: 501 }, { orderIds: [] }, { dryRun: 'no' }]) {
      const res = await h.request('POST', '/orders/reresolve-lines', body);
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
    }
  });
});
