import { holdsOf, stockedChannel, stockOf, stockUp } from './support/holds';
import { startOrders, type Orders } from './support/orders';

const ORG = 'org_kits';
const OTHER = 'org_kits_other';

describe('kits and rebuilding holds', () => {
  let h: Orders;
  let channelId: string;
  let warehouseId: string;
  beforeAll(async () => {
    h = await startOrders(ORG, { env: { HOLD_SWEEP_MS: '0' } });
    ({ channelId, warehouseId } = await stockedChannel(h, 0));
  });
  afterAll(() => h.close());

  const stocked = async (name: string, onHand: number) => {
    const v = await h.variant({ name });
    await stockUp(h, v.id, warehouseId, onHand);
    return v.id;
  };
  const bundle = async (name: string, components: { variantId: string; quantity: number }[]) =>
    (await h.variant({ type: 'BUNDLE', name, components })).id;

  it('a kit line gets one kit-level hold (reserves nothing); expand-kits makes leaf holds, once', async () => {
    const screw = await stocked('Screw', 100);
    const plank = await stocked('Plank', 100);
    const inner = await bundle('Screw pack', [{ variantId: screw, quantity: 4 }]);
    const shelf = await bundle('Shelf', [
      { variantId: inner, quantity: 2 },
      { variantId: plank, quantity: 3 },
    ]);
    const desk = await bundle('Desk', [{ variantId: screw, quantity: 5 }]);
    // Two kits of one order share the screw.
    const order = await h.order({
      channelId,
      channelOrderId: 'K-1',
      lines: [
        { channelLineId: 'L1', variantId: shelf, quantity: 2 },
        { channelLineId: 'L2', variantId: desk, quantity: 1 },
      ],
    });
    const before = await holdsOf(h, order.id);
    expect(
      before.map((x: { kitLevel: boolean; reservedQuantity: number }) => [x.kitLevel, x.reservedQuantity]),
    ).toEqual([
      [true, 0],
      [true, 0],
    ]);
    const status = (await h.request('GET', `/orders/${order.id}/reservations/status`)).body;
    expect(status.complete).toBe(false);
    expect(status.missing).toEqual(
      expect.arrayContaining([
        { lineId: order.lines[0].id, variantId: screw, quantity: 16 },
        { lineId: order.lines[0].id, variantId: plank, quantity: 6 },
        { lineId: order.lines[1].id, variantId: screw, quantity: 5 },
      ]),
    );
    const res = await h.request('POST', `/orders/${order.id}/reservations/expand-kits`);
    expect(res.status).toBe(201);
    expect(res.body.expanded).toHaveLength(2);
    expect((await stockOf(h, screw)).reserved).toBe(21);
    expect((await stockOf(h, plank)).reserved).toBe(6);
    const done = (await h.request('GET', `/orders/${order.id}/reservations/status`)).body;
    expect(done).toMatchObject({ complete: true, missing: [] });
    const again = await h.request('POST', `/orders/${order.id}/reservations/expand-kits`);
    expect(again.body).toMatchObject({ expanded: [], skipped: [] });
    expect((await stockOf(h, screw)).reserved).toBe(21);
    // Fulfilment deducts the leaves: each kit fulfilled once every component of it was.
    const fulfilled = await h.request('POST', `/orders/${order.id}/fulfill`, {});
    expect([fulfilled.status, fulfilled.body.fulfillmentStatus]).toEqual([201, 'FULFILLED']);
    expect(await stockOf(h, screw)).toEqual({ onHand: 79, reserved: 0 });
    const kits = (await h.request('GET', `/orders/${order.id}`)).body;
    expect(kits.fulfillmentStatus).toBe('FULFILLED');
    expect(kits.lines).toMatchObject([
      { fulfilledQuantity: 2, fulfillmentStatus: 'FULFILLED' },
      { fulfilledQuantity: 1, fulfillmentStatus: 'FULFILLED' },
    ]);
  });

  it('a kit-level hold shows the kits its leaves cannot cover in its warehouse, until expand-kits', async () => {
    const bolt = await stocked('Bolt', 5);
    const bar = await stocked('Bar', 100);
    const frame = await bundle('Frame', [
      { variantId: bolt, quantity: 2 },
      { variantId: bar, quantity: 1 },
    ]);
    const order = await h.order({
      channelId,
      channelOrderId: 'K-SHORT',
      lines: [{ channelLineId: 'L1', variantId: frame, quantity: 4 }],
    });
    // 5 bolts make 2 frames (2 bolts each): 2 of the 4 are short; nothing is reserved.
    const [kit] = await holdsOf(h, order.id);
    expect(kit).toMatchObject({ kitLevel: true, quantity: 4, reservedQuantity: 0, shortQuantity: 2 });
    await stockUp(h, bolt, warehouseId, 3);
    expect((await holdsOf(h, order.id))[0]).toMatchObject({ kitLevel: true, shortQuantity: 0 });
  });

  it('a kit line is fulfilled by whole kits: a component deducted alone fulfils none of them', async () => {
    const pin = await stocked('Pin', 1);
    const rod = await stocked('Rod', 10);
    const rack = await bundle('Rack', [
      { variantId: pin, quantity: 2 },
      { variantId: rod, quantity: 1 },
    ]);
    const order = await h.order({
      channelId,
      channelOrderId: 'K-PART',
      lines: [{ channelLineId: 'L1', variantId: rack, quantity: 2 }],
    });
    await h.request('POST', `/orders/${order.id}/reservations/expand-kits`);
    const first = await h.request('POST', `/orders/${order.id}/fulfill`, {});
    // The kit-level hold was replaced (cancelled); the rod is deducted, the pins are short.
    const reasons = first.body.results.map((r: { reason: string | null }) => r.reason);
    expect(reasons.sort()).toEqual(['cancelled', null, 'short']);
    expect(first.body.fulfillmentStatus).toBe('UNFULFILLED');
    expect((await h.request('GET', `/orders/${order.id}`)).body.lines).toMatchObject([
      { fulfilledQuantity: 0, fulfillmentStatus: 'UNFULFILLED' },
    ]);
    // The pins arrive after the order shipped: its short pin hold, released as stale, is restored and deducted.
    await stockUp(h, pin, warehouseId, 3);
    await h.request('PUT', `/orders/${order.id}/status`, { status: 'SHIPPED' });
    await h.request('POST', '/orders/release-stale-holds', { dryRun: false });
    const pins = (await holdsOf(h, order.id)).find((x: { variantId: string }) => x.variantId === pin);
    const restored = await h.request('POST', `/orders/${order.id}/restore-and-fulfill-holds`, {
      reservationIds: [pins.id],
    });
    expect(restored.body).toMatchObject({ fulfillmentStatus: 'FULFILLED', results: [{ outcome: 'committed' }] });
    expect((await h.request('GET', `/orders/${order.id}`)).body.lines).toMatchObject([
      { fulfilledQuantity: 2, fulfillmentStatus: 'FULFILLED' },
    ]);
  });

  it('expand-kits leaves alone and reports a kit without components and a shipped order’s kits', async () => {
    const empty = await bundle('Empty kit', []);
    const order = await h.order({
      channelId,
      channelOrderId: 'K-2',
      lines: [{ channelLineId: 'L1', variantId: empty, quantity: 1 }],
    });
    const res = await h.request('POST', `/orders/${order.id}/reservations/expand-kits`);
    expect(res.body.skipped).toEqual([{ reservationId: expect.any(String), reason: 'no_components' }]);
    const part = await stocked('Part', 5);
    const kit = await bundle('Kit', [{ variantId: part, quantity: 1 }]);
    const shipped = await h.order({
      channelId,
      channelOrderId: 'K-3',
      lines: [{ channelLineId: 'L1', variantId: kit, quantity: 1 }],
    });
    await h.request('PUT', `/orders/${shipped.id}/status`, { status: 'SHIPPED' });
    const later = await h.request('POST', `/orders/${shipped.id}/reservations/expand-kits`);
    expect(later.body.skipped).toEqual([{ reservationId: expect.any(String), reason: 'shipped' }]);
    const foreign = await h.request('POST', `/orders/${shipped.id}/reservations/expand-kits`, undefined, {
      orgId: OTHER,
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'resource_not_found']);
  });

  it('refresh-holds: the line’s holds released and rebuilt (a new generation) in the channel’s warehouse', async () => {
    const item = await stocked('Lamp', 3);
    const order = await h.order({
      channelId,
      channelOrderId: 'K-4',
      lines: [{ channelLineId: 'L1', variantId: item, quantity: 5 }],
    });
    expect((await holdsOf(h, order.id))[0]).toMatchObject({ reservedQuantity: 3, shortQuantity: 2 });
    await stockUp(h, item, warehouseId, 2);
    const res = await h.request('POST', `/orders/${order.id}/lines/${order.lines[0].id}/refresh-holds`);
    expect(res.status).toBe(201);
    expect(res.body.cancelled).toHaveLength(1);
    expect(res.body.created).toMatchObject([{ status: 'PENDING', quantity: 5, reservedQuantity: 5 }]);
    expect(await stockOf(h, item)).toEqual({ onHand: 5, reserved: 5 });
    const statuses = (await holdsOf(h, order.id)).map((x: { status: string }) => x.status).sort();
    expect(statuses).toEqual(['CANCELLED', 'PENDING']);
    const path = `/orders/${order.id}/lines/${order.lines[0].id}/refresh-holds`;
    const foreign = await h.request('POST', path, undefined, { orgId: OTHER });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'resource_not_found']);
    const missing = await h.request('POST', `/orders/${order.id}/lines/oln_nope/refresh-holds`);
    expect([missing.status, missing.body.error.code]).toEqual([422, 'line_not_found']);
  });

  it('refresh-holds refuses a line with a committed hold, and a finished order (409)', async () => {
    const item = await stocked('Chair', 10);
    const order = await h.order({
      channelId,
      channelOrderId: 'K-5',
      lines: [{ channelLineId: 'L1', variantId: item, quantity: 1 }],
    });
    await h.request('POST', `/orders/${order.id}/fulfill`, {});
    const committed = await h.request('POST', `/orders/${order.id}/lines/${order.lines[0].id}/refresh-holds`);
    expect([committed.status, committed.body.error.code]).toEqual([409, 'holds_not_refreshable']);
    await h.request('PUT', `/orders/${order.id}/status`, { status: 'SHIPPED' });
    const finished = await h.request('POST', `/orders/${order.id}/lines/${order.lines[0].id}/refresh-holds`);
    expect([finished.status, finished.body.error.code]).toEqual([409, 'order_finished']);
  });

  it('refresh-holds refuses a line with a hold linked to a purchase order (409)', async () => {
    const item = await stocked('Desk lamp', 10);
    const order = await h.order({
      channelId,
      channelOrderId: 'K-6',
      lines: [{ channelLineId: 'L1', variantId: item, quantity: 1 }],
    });
    const [hold] = await holdsOf(h, order.id);
    await h.deps.holds.holdsStore.change(ORG, hold.id, (c) => ({ state: { ...c, purchaseOrderLineId: 'pol_1' } }));
    const res = await h.request('POST', `/orders/${order.id}/lines/${order.lines[0].id}/refresh-holds`);
    expect([res.status, res.body.error.code]).toEqual([409, 'holds_not_refreshable']);
  });
});
