import { eventually } from '@stockyard/testkit';
import { holdsOf, orderOf, stockedChannel, stockOf } from './support/holds';
import { lateProxy } from './support/late-proxy';
import { startOrders, type Orders } from './support/orders';

const ORG = 'org_holds';
const OTHER = 'org_holds_other';

describe('stock holds: made with the order, reserved in inventory, released on cancel', () => {
  let h: Orders;
  beforeAll(async () => {
    h = await startOrders(ORG, { tap: ['order.#', 'audit.#'], env: { HOLD_SWEEP_MS: '0' } });
  });
  afterAll(() => h.close());

  it('a pushed order gets a hold per linked line, reserved in the channel’s warehouse; complete', async () => {
    const { channelId, variant, warehouseId } = await stockedChannel(h, 10);
    const order = await orderOf(h, channelId, variant.id, 3, 'H-1');
    const [hold] = await holdsOf(h, order.id);
    expect(hold).toMatchObject({
      id: expect.stringMatching(/^res_/),
      orderId: order.id,
      lineId: order.lines[0].id,
      variantId: variant.id,
      status: 'PENDING',
      quantity: 3,
      warehouseId,
      reservedQuantity: 3,
      shortQuantity: 0,
      kitLevel: false,
    });
    expect(await stockOf(h, variant.id)).toEqual({ onHand: 10, reserved: 3 });
    const status = await h.request('GET', `/orders/${order.id}/reservations/status`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ orderId: order.id, complete: true, missing: [], short: [] });
    // Sent again: the same holds, nothing reserved twice.
    await h.push({
      channelId,
      channelOrderId: 'H-1',
      lines: [{ channelLineId: 'L1', variantId: variant.id, quantity: 3 }],
    });
    expect(await holdsOf(h, order.id)).toHaveLength(1);
    expect((await stockOf(h, variant.id)).reserved).toBe(3);
  });

  it('a hold that cannot be fully reserved reserves what is available and says what is short', async () => {
    const { channelId, variant } = await stockedChannel(h, 7);
    const order = await orderOf(h, channelId, variant.id, 20, 'H-2');
    const [hold] = await holdsOf(h, order.id);
    expect(hold).toMatchObject({ status: 'PENDING', reservedQuantity: 7, shortQuantity: 13 });
    expect(await stockOf(h, variant.id)).toEqual({ onHand: 7, reserved: 7 });
    const status = (await h.request('GET', `/orders/${order.id}/reservations/status`)).body;
    expect(status).toMatchObject({ complete: true, short: [{ reservationId: hold.id, quantity: 13 }] });
    const pending = await h.request('GET', '/orders/pending-reservations?limit=500');
    expect(pending.status).toBe(200);
    expect(pending.body.map((p: { orderId: string }) => p.orderId)).toContain(order.id);
  });

  it('a channel naming no warehouse: the hold stays PENDING and reserves nothing', async () => {
    const channelId = await h.channel();
    const variant = await h.variant();
    const order = await orderOf(h, channelId, variant.id, 2, 'H-3');
    const [hold] = await holdsOf(h, order.id);
    expect(hold).toMatchObject({ status: 'PENDING', warehouseId: null, reservedQuantity: 0, shortQuantity: 2 });
  });

  it('an unlinked line has no hold and the status names nothing missing for it', async () => {
    const { channelId } = await stockedChannel(h, 1);
    const order = await h.order({ channelId, channelOrderId: 'H-4', lines: [{ sku: 'NOPE', quantity: 1 }] });
    expect(await holdsOf(h, order.id)).toEqual([]);
    expect((await h.request('GET', `/orders/${order.id}/reservations/status`)).body.complete).toBe(true);
  });

  it('cancelling the order releases its holds in inventory (CANCELLED)', async () => {
    const { channelId, variant } = await stockedChannel(h, 10);
    const order = await orderOf(h, channelId, variant.id, 4, 'H-5');
    expect((await stockOf(h, variant.id)).reserved).toBe(4);
    const res = await h.request('PUT', `/orders/${order.id}/status`, { status: 'CANCELLED' });
    expect(res.status).toBe(200);
    const [hold] = await holdsOf(h, order.id);
    expect(hold).toMatchObject({ status: 'CANCELLED', reservedQuantity: 0 });
    expect(await stockOf(h, variant.id)).toEqual({ onHand: 10, reserved: 0 });
  });

  it('a hold move left in flight (a crash after writing it) is finished by the sweep with the same key', async () => {
    const { channelId, variant, warehouseId } = await stockedChannel(h, 10);
    const order = await orderOf(h, channelId, variant.id, 2, 'H-6');
    const [hold] = await holdsOf(h, order.id);
    // The process wrote a top-up of 3 and died before asking inventory.
    const pendingMove = {
      kind: 'reserve' as const,
      operationKey: `${hold.id}:9`,
      warehouseId,
      quantity: 3,
      at: new Date(Date.now() - 60_000),
    };
    const holds = h.deps.holds;
    await holds.holdsStore.change(ORG, hold.id, (c) => ({ state: { ...c, quantity: 5, reserves: 9, pendingMove } }));
    const sweep = holds.sweep;
    await sweep.tick();
    await sweep.tick();
    const [after] = await holdsOf(h, order.id);
    expect(after).toMatchObject({ quantity: 5, reservedQuantity: 5, shortQuantity: 0 });
    expect((await stockOf(h, variant.id)).reserved).toBe(5);
  });

  it('a hold’s writes through its store are in the audit trail: created, reserve settled, cancel', async () => {
    const { channelId, variant } = await stockedChannel(h, 5);
    const order = await orderOf(h, channelId, variant.id, 2, 'H-7');
    const [hold] = await holdsOf(h, order.id);
    await h.ok(await h.request('PUT', `/orders/${order.id}/status`, { status: 'CANCELLED' }), 'cancel');
    type Resource = { type: string; id: string; action: string; fields: Record<string, unknown> };
    const recordsOf = (action: string) =>
      h.events
        .filter((e) => e.name === 'audit.recorded')
        .flatMap((e) => e.payload.resources as Resource[])
        .filter((r) => r.type === 'reservation' && r.id === hold.id && r.action === action);
    const changesOf = (field: string) =>
      recordsOf('changed')
        .filter((r) => field in r.fields)
        .map((r) => r.fields[field]);
    // Created with the order's other holds in one insert, named in its one record.
    const [created] = await eventually(() => (recordsOf('created').length > 0 ? recordsOf('created') : undefined));
    expect(created!.fields).toMatchObject({
      orderId: { before: null, after: order.id },
      quantity: { before: null, after: 2 },
    });
    await eventually(() => (changesOf('reservedQuantity').length === 2 ? true : undefined));
    expect(changesOf('reservedQuantity')).toEqual(
      expect.arrayContaining([
        { before: 0, after: 2 },
        { before: 2, after: 0 },
      ]),
    );
    expect(changesOf('status')).toEqual([{ before: 'PENDING', after: 'CANCELLED' }]);
  });

  it('another organization’s order is 404 on its holds', async () => {
    const { channelId, variant } = await stockedChannel(h, 1);
    const order = await orderOf(h, channelId, variant.id, 1, 'H-7');
    for (const path of [`/orders/${order.id}/reservations`, `/orders/${order.id}/reservations/status`]) {
      const res = await h.request('GET', path, undefined, { orgId: OTHER });
      expect([res.status, res.body.error.code]).toEqual([404, 'resource_not_found']);
    }
  });

  it('pending-reservations refuses a limit out of range (400)', async () => {
    for (const limit of ['0', '501', 'x']) {
      const res = await h.request('GET', `/orders/pending-reservations?limit=${limit}`);
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
    }
  });
});

describe('stock holds while inventory is away', () => {
  let h: Orders;
  let toInventory: Awaited<ReturnType<typeof lateProxy>>;
  beforeAll(async () => {
    toInventory = await lateProxy();
    h = await startOrders('org_holds_away', {
      env: { INVENTORY_URL: toInventory.url, HOLD_SWEEP_MS: '0', HOLD_STUCK_MS: '0' },
    });
  });
  afterAll(async () => {
    await h.close();
    await toInventory.close();
  });

  it('the order is taken; its hold keeps the reserve it wrote; the sweep makes it once inventory is back', async () => {
    const { channelId, variant } = await stockedChannel(h, 10);
    const order = await orderOf(h, channelId, variant.id, 4, 'AWAY-1');
    const [hold] = await holdsOf(h, order.id);
    expect(hold).toMatchObject({ status: 'PENDING', reservedQuantity: 0, shortQuantity: 4 });
    expect((await stockOf(h, variant.id)).reserved).toBe(0);
    toInventory.point(h.inventory!.url);
    await h.deps.holds.sweep.tick();
    await h.deps.holds.sweep.tick();
    expect((await holdsOf(h, order.id))[0]).toMatchObject({ reservedQuantity: 4, shortQuantity: 0 });
    expect((await stockOf(h, variant.id)).reserved).toBe(4);
  });
});
