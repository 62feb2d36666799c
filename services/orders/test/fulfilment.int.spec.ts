import { holdsOf, orderOf, stockedChannel, stockOf } from './support/holds';
import { startOrders, type Orders } from './support/orders';

const ORG = 'org_fulfil';
const OTHER = 'org_fulfil_other';

describe('fulfilment: deducts each open hold exactly once', () => {
  let h: Orders;
  beforeAll(async () => {
    h = await startOrders(ORG, { env: { HOLD_SWEEP_MS: '0' } });
  });
  afterAll(() => h.close());

  it('two concurrent calls and a retry: every hold COMMITTED, stock moved once (a SALE per hold)', async () => {
    const { channelId, variant, warehouseId } = await stockedChannel(h, 10);
    const order = await orderOf(h, channelId, variant.id, 3, 'F-1');
    const [a, b] = await Promise.all([
      h.request('POST', `/orders/${order.id}/fulfill`, {}),
      h.request('POST', `/orders/${order.id}/fulfill`, {}),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const outcomes = [...a.body.results, ...b.body.results].map((r: { outcome: string }) => r.outcome).sort();
    expect(outcomes).toEqual(['committed', 'skipped']);
    const retry = await h.request('POST', `/orders/${order.id}/fulfill`, {});
    expect(retry.body.results).toEqual([
      { reservationId: expect.any(String), outcome: 'skipped', reason: 'already_committed' },
    ]);
    const [hold] = await holdsOf(h, order.id);
    expect(hold).toMatchObject({ status: 'COMMITTED', committedQuantity: 3, reservedQuantity: 0 });
    expect(await stockOf(h, variant.id)).toEqual({ onHand: 7, reserved: 0 });
    const moves = await h.inventory!.request(
      'GET',
      `/stock/movements?variantId=${variant.id}&warehouseId=${warehouseId}`,
    );
    const sales = moves.body.data.filter((m: { type: string }) => m.type === 'SALE');
    expect(sales).toHaveLength(1);
  });

  it('a PENDING order moves to PROCESSING (source fulfillment); lines and warehouse narrow it', async () => {
    const { channelId, variant } = await stockedChannel(h, 10);
    const other = await h.variant();
    const order = await h.order({
      channelId,
      channelOrderId: 'F-2',
      status: 'PENDING',
      lines: [
        { channelLineId: 'L1', variantId: variant.id, quantity: 2 },
        { channelLineId: 'L2', variantId: other.id, quantity: 1 },
      ],
    });
    const res = await h.request('POST', `/orders/${order.id}/fulfill`, { lines: [order.lines[0].id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'PROCESSING', results: [{ outcome: 'committed' }] });
    const history = (await h.request('GET', `/orders/${order.id}/history`)).body.data;
    expect(history.at(-1)).toMatchObject({ from: 'PENDING', to: 'PROCESSING', source: 'fulfillment' });
    const event = await h.eventOf('order.status_changed', { orderId: order.id, source: 'fulfillment' });
    expect(event.payload).toMatchObject({ fromStatus: 'PENDING', toStatus: 'PROCESSING' });
    // The other line's hold reserved nothing (no stock): skipped as short, never deducted.
    const all = await h.request('POST', `/orders/${order.id}/fulfill`, {});
    expect(all.body.results).toEqual(
      expect.arrayContaining([expect.objectContaining({ outcome: 'skipped', reason: 'short' })]),
    );
    expect(await stockOf(h, other.id)).toEqual({ onHand: 0, reserved: 0 });
  });

  it('refuses a CANCELLED or ON_HOLD order (409), another organization’s (404), a bad body (400)', async () => {
    const { channelId, variant } = await stockedChannel(h, 5);
    const cancelled = await orderOf(h, channelId, variant.id, 1, 'F-3');
    await h.request('PUT', `/orders/${cancelled.id}/status`, { status: 'CANCELLED' });
    const held = await orderOf(h, channelId, variant.id, 1, 'F-4');
    await h.request('PUT', `/orders/${held.id}/status`, { status: 'ON_HOLD' });
    for (const id of [cancelled.id, held.id]) {
      const res = await h.request('POST', `/orders/${id}/fulfill`, {});
      expect([res.status, res.body.error.code]).toEqual([409, 'invalid_status_transition']);
    }
    const foreign = await h.request('POST', `/orders/${held.id}/fulfill`, {}, { orgId: OTHER });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'resource_not_found']);
    const bad = await h.request('POST', `/orders/${held.id}/fulfill`, { lines: [] });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'validation_failed']);
  });

  it('restore-and-fulfill: a CANCELLED hold deducted once; COMMITTED skipped; another order’s refused', async () => {
    const { channelId, variant } = await stockedChannel(h, 10);
    const order = await orderOf(h, channelId, variant.id, 2, 'F-5');
    await h.request('PUT', `/orders/${order.id}/status`, { status: 'SHIPPED' });
    const [hold] = await holdsOf(h, order.id);
    const released = await h.request('POST', '/orders/release-stale-holds', { dryRun: false });
    expect(released.status).toBe(201);
    expect((await holdsOf(h, order.id))[0].status).toBe('CANCELLED');
    expect(await stockOf(h, variant.id)).toEqual({ onHand: 10, reserved: 0 });
    const body = { reservationIds: [hold.id] };
    const [a, b] = await Promise.all([
      h.request('POST', `/orders/${order.id}/restore-and-fulfill-holds`, body),
      h.request('POST', `/orders/${order.id}/restore-and-fulfill-holds`, body),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const outcomes = [...a.body.results, ...b.body.results].map((r: { outcome: string }) => r.outcome).sort();
    expect(outcomes).toEqual(['committed', 'skipped']);
    const again = await h.request('POST', `/orders/${order.id}/restore-and-fulfill-holds`, body);
    expect(again.body.results).toEqual([{ reservationId: hold.id, outcome: 'skipped', reason: 'already_committed' }]);
    expect(await stockOf(h, variant.id)).toEqual({ onHand: 8, reserved: 0 });
    const another = await orderOf(h, channelId, variant.id, 1, 'F-6');
    const [foreignHold] = await holdsOf(h, another.id);
    const wrong = await h.request('POST', `/orders/${order.id}/restore-and-fulfill-holds`, {
      reservationIds: [foreignHold.id],
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([422, 'reservation_not_on_order']);
    const foreign = await h.request('POST', `/orders/${order.id}/restore-and-fulfill-holds`, body, { orgId: OTHER });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'resource_not_found']);
    const missing = await h.request('POST', `/orders/${order.id}/restore-and-fulfill-holds`, {});
    expect([missing.status, missing.body.error.code]).toEqual([400, 'validation_failed']);
  });

  it('fulfil and restore-and-fulfil deducts name their sale: inventory’s COGS has the channel’s revenue', async () => {
    const { channelId, variant, warehouseId } = await stockedChannel(h, 0);
    const adjust = { variantId: variant.id, warehouseId, quantity: 10, unitCost: 2, reason: 'counted' };
    await h.ok(await h.inventory!.request('POST', '/stock/adjust', adjust), 'adjust');
    const order = await orderOf(h, channelId, variant.id, 3, 'F-S1');
    expect((await h.request('POST', `/orders/${order.id}/fulfill`, {})).status).toBe(201);
    const restored = await orderOf(h, channelId, variant.id, 2, 'F-S2');
    await h.request('PUT', `/orders/${restored.id}/status`, { status: 'SHIPPED' });
    const [hold] = await holdsOf(h, restored.id);
    await h.request('POST', '/orders/release-stale-holds', { dryRun: false });
    const body = { reservationIds: [hold.id] };
    expect((await h.request('POST', `/orders/${restored.id}/restore-and-fulfill-holds`, body)).status).toBe(201);
    const cogs = await h.inventory!.request('GET', `/reports/cogs?channelId=${channelId}&groupBy=channel`);
    expect(cogs.status).toBe(200);
    // 3 + 2 sold at the lines' 5.00 from stock that came in at 2.00.
    expect(cogs.body.data).toEqual([
      { key: channelId, quantity: 5, revenue: 25, cogs: 10, grossMargin: 15, marginPercent: 60 },
    ]);
  });

  it('release-stale-holds: a dry run by default reports; false releases; a limit out of range is 400', async () => {
    const { channelId, variant } = await stockedChannel(h, 10);
    const order = await orderOf(h, channelId, variant.id, 4, 'F-7');
    await h.request('PUT', `/orders/${order.id}/status`, { status: 'SHIPPED' });
    const [hold] = await holdsOf(h, order.id);
    const dry = await h.request('POST', '/orders/release-stale-holds', {});
    expect(dry.status).toBe(201);
    expect(dry.body).toMatchObject({ dryRun: true, released: 0 });
    expect(dry.body.results).toContainEqual({ reservationId: hold.id, outcome: 'would_release', reason: null });
    expect(await stockOf(h, variant.id)).toEqual({ onHand: 10, reserved: 4 });
    const run = await h.request('POST', '/orders/release-stale-holds', { dryRun: false, limit: 500 });
    expect(run.body.results).toContainEqual({ reservationId: hold.id, outcome: 'released', reason: null });
    expect(await stockOf(h, variant.id)).toEqual({ onHand: 10, reserved: 0 });
    for (const limit of [0, 501, 1.5, 'x']) {
      const res = await h.request('POST', '/orders/release-stale-holds', { limit });
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
    }
  });
});
