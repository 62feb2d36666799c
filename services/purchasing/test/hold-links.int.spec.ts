import { eventually, startService } from '@stockyard/testkit';
import { holdsOf, orderOf, stockedChannel, stockOf } from '../../orders/test/support/holds';
import { lateProxy } from '../../orders/test/support/late-proxy';
import { startOrders, type Orders } from '../../orders/test/support/orders';
import { purchasing } from '../src/app';
import { pathGate } from './support/path-gate';

const ORG = 'org_po_hold_links';
const LINK_PATH = '/internal/v1/holds/link';

/**
 * Purchasing beside the real orders service (with its catalog and inventory, on orders' exchange so
 * orders hears `purchase_order.line_received`), calling orders through a gate the test can close.
 */
describe('hold links reach orders from the purchase order’s outbox, even when orders misses the first tell', () => {
  let o: Orders;
  let gate: Awaited<ReturnType<typeof pathGate>>;
  let toPurchasing: Awaited<ReturnType<typeof lateProxy>>;
  let p: Awaited<ReturnType<typeof startService>>;

  beforeAll(async () => {
    toPurchasing = await lateProxy();
    o = await startOrders(ORG, { env: { PURCHASING_URL: toPurchasing.url, HOLD_SWEEP_MS: '0' } });
    gate = await pathGate(o.url);
    p = await startService(purchasing, {
      orgId: ORG,
      permissions: ['pos.read', 'pos.write', 'pos.receive'],
      tap: ['none.#'],
      env: {
        CATALOG_URL: o.catalog.url,
        INVENTORY_URL: o.inventory!.url,
        ORDERS_URL: gate.url,
        EVENTS_EXCHANGE: o.config.EVENTS_EXCHANGE,
      },
    });
    toPurchasing.point(p.url);
  }, 90_000);
  afterAll(async () => {
    await p?.close();
    await gate?.close();
    await o?.close();
    await toPurchasing?.close();
  });

  it('a link orders did not hear is told by the relay once orders answers; arrival reserves for it first', async () => {
    const { channelId, variant, warehouseId } = await stockedChannel(o, 2);
    const order = await orderOf(o, channelId, variant.id, 5, 'LINK-1');
    const [hold] = await holdsOf(o, order.id);
    expect(hold).toMatchObject({ reservedQuantity: 2, shortQuantity: 3, purchaseOrderId: null });
    const source = await o.ok(await o.catalog.request('POST', '/sources', { name: 'Acme', currency: 'EUR' }), 'source');
    const created = await p.request('POST', '/purchase-orders', {
      channelId: source.id,
      warehouseId,
      expectedAt: '2031-05-04',
      lines: [{ variantId: variant.id, quantity: 10, unitCost: 3 }],
    });
    expect(created.status).toBe(201);
    const po = created.body;
    const lineId: string = po.lines[0].id;
    expect((await p.request('POST', `/purchase-orders/${po.id}/submit`)).status).toBe(201);
    const link = () =>
      p.request('POST', `/purchase-orders/${po.id}/lines/${lineId}/link-reservations`, { reservationIds: [hold.id] });

    // Orders away altogether: the holds cannot be checked, so nothing is linked.
    gate.drop('*');
    const refused = await link();
    expect([refused.status, refused.body.error.code]).toEqual([503, 'dependency_unavailable']);
    expect((await p.request('GET', `/purchase-orders/${po.id}`)).body.lines[0].reservationIds).toEqual([]);
    gate.pass('*');

    // Orders answers the check, then is gone when told: the link stands, orders does not know it yet.
    gate.drop(LINK_PATH);
    const linked = await link();
    expect(linked.status).toBe(201);
    expect(linked.body.lines[0].reservationIds).toEqual([hold.id]);
    expect(gate.calls.get(LINK_PATH)).toBeGreaterThanOrEqual(1);
    expect((await holdsOf(o, order.id))[0]).toMatchObject({ purchaseOrderId: null, purchaseOrderLineId: null });

    // Orders back: the relay tells it, with no call from the partner.
    gate.pass(LINK_PATH);
    const told = await eventually(async () => {
      const [h] = await holdsOf(o, order.id);
      return h.purchaseOrderLineId === lineId ? h : undefined;
    }, 60_000);
    expect(told).toMatchObject({ purchaseOrderId: po.id, expectedAt: expect.stringMatching(/^2031-05-04/) });
    // Nothing left to tell: the order's outbox empties.
    await eventually(async () => {
      const doc = await p.connection.collection('purchase_orders').findOne({ _id: po.id } as never);
      return doc && (doc.outbox ?? []).length === 0 ? true : undefined;
    }, 30_000);

    // Sent again: the same link, on both sides.
    const again = await link();
    expect(again.status).toBe(201);
    expect(again.body.lines[0].reservationIds).toEqual([hold.id]);
    expect((await holdsOf(o, order.id))[0]).toMatchObject({ purchaseOrderId: po.id, purchaseOrderLineId: lineId });

    // The line arrives: the linked hold gets the arriving stock first.
    const received = await p.request('POST', `/purchase-orders/${po.id}/lines/${lineId}/receive`, { quantity: 3 });
    expect(received.status).toBe(201);
    const arrived = await eventually(async () => {
      const [h] = await holdsOf(o, order.id);
      return h.reservedQuantity === 5 ? h : undefined;
    }, 30_000);
    expect(arrived).toMatchObject({ shortQuantity: 0, expectedAt: null });
    expect(await stockOf(o, variant.id)).toEqual({ onHand: 5, reserved: 5 });
  }, 120_000);
});
