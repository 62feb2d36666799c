import type { StockMoveOutcome } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import { outboxOf } from '@stockyard/service-kit/events';
import { eventually } from '@stockyard/testkit';
import { FulfilmentRefresh } from '../src/commands/fulfilment-refresh';
import { HOLDS_WANTED } from '../src/store/holds-trigger';
import { holdsOf, stockedChannel, stockOf, stockUp } from './support/holds';
import { startOrders, type Orders } from './support/orders';

const ORG = 'org_fulfilment_shown';

type Line = { id: string; fulfilledQuantity: number; fulfillmentStatus: string };
const linesOf = (order: { lines: Line[] }) => order.lines.map((l) => [l.fulfilledQuantity, l.fulfillmentStatus]);

describe('fulfilment shows on the order (fulfillmentStatus, fulfilledAt, per line) and filters the list', () => {
  let h: Orders;
  let channelId: string;
  let warehouseId: string;
  beforeAll(async () => {
    h = await startOrders(ORG, { env: { HOLD_SWEEP_MS: '0' } });
    ({ channelId, warehouseId } = await stockedChannel(h, 0));
  });
  afterAll(() => h.close());

  const get = async (id: string) => {
    const res = await h.request('GET', `/orders/${id}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  /** A stocked variant's order: each line a new variant with `onHand` in the channel's warehouse. */
  const orderOf = async (ref: string, quantities: number[], extra: Record<string, unknown> = {}) => {
    const lines = [];
    for (const [i, quantity] of quantities.entries()) {
      const variant = await h.variant({ name: `${ref} ${i}` });
      await stockUp(h, variant.id, warehouseId, 10);
      lines.push({ channelLineId: `L${i}`, variantId: variant.id, quantity, unitPrice: 5 });
    }
    return h.order({ channelId, channelOrderId: ref, lines, ...extra });
  };
  const listed = async (query: string) => {
    const res = await h.request('GET', `/orders?${query}&limit=100`);
    expect(res.status).toBe(200);
    return res.body.data.map((o: { id: string }) => o.id);
  };
  /** The refreshes asked for of the order while `work` runs (each with its options). */
  const refreshesOf = async (orderId: string, work: () => Promise<void>) => {
    const refresh = jest.spyOn(FulfilmentRefresh.prototype, 'refresh');
    try {
      await work();
      return refresh.mock.calls.filter(([, ids]) => ids.includes(orderId)).map(([, , options]) => options ?? {});
    } finally {
      refresh.mockRestore();
    }
  };

  it('fulfilling every line: FULFILLED with fulfilledAt, each line FULFILLED, no status event', async () => {
    const order = await orderOf('FS-1', [2, 1]);
    expect(order).toMatchObject({ status: 'PROCESSING', fulfillmentStatus: 'UNFULFILLED', fulfilledAt: null });
    expect(linesOf(order)).toEqual([
      [0, 'UNFULFILLED'],
      [0, 'UNFULFILLED'],
    ]);
    const res = await h.request('POST', `/orders/${order.id}/fulfill`, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ orderId: order.id, status: 'PROCESSING', fulfillmentStatus: 'FULFILLED' });
    const after = await get(order.id);
    expect(after).toMatchObject({ status: 'PROCESSING', fulfillmentStatus: 'FULFILLED' });
    expect(Date.parse(after.fulfilledAt)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
    expect(linesOf(after)).toEqual([
      [2, 'FULFILLED'],
      [1, 'FULFILLED'],
    ]);
    // The lifecycle status did not move: the only order.status_changed is the one made after.
    await h.request('PUT', `/orders/${order.id}/status`, { status: 'SHIPPED' });
    await h.eventOf('order.status_changed', { orderId: order.id, toStatus: 'SHIPPED' });
    expect(h.named('order.status_changed', { orderId: order.id }).map((e) => e.payload.source)).toEqual(['api']);
  });

  it('fulfilling one line (lines: [lineId]): PARTIALLY_FULFILLED, each line its own status', async () => {
    const order = await orderOf('FS-2', [2, 3]);
    const [first, second] = order.lines;
    const res = await h.request('POST', `/orders/${order.id}/fulfill`, { lines: [first.id] });
    expect(res.status).toBe(201);
    expect(res.body.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    const after = await get(order.id);
    expect(after).toMatchObject({ fulfillmentStatus: 'PARTIALLY_FULFILLED', fulfilledAt: null });
    expect(after.lines.map((l: Line) => [l.id, l.fulfilledQuantity, l.fulfillmentStatus])).toEqual([
      [first.id, 2, 'FULFILLED'],
      [second.id, 0, 'UNFULFILLED'],
    ]);
    const rest = await h.request('POST', `/orders/${order.id}/fulfill`, { lines: [second.id] });
    expect([rest.status, rest.body.fulfillmentStatus]).toEqual([201, 'FULFILLED']);
    expect(linesOf(await get(order.id))).toEqual([
      [2, 'FULFILLED'],
      [3, 'FULFILLED'],
    ]);
  });

  it('fulfilling twice is safe: every hold skipped, the order stays FULFILLED, fulfilledAt kept', async () => {
    const order = await orderOf('FS-3', [1]);
    const once = await h.request('POST', `/orders/${order.id}/fulfill`, {});
    expect([once.status, once.body.fulfillmentStatus]).toEqual([201, 'FULFILLED']);
    const first = await get(order.id);
    const twice = await h.request('POST', `/orders/${order.id}/fulfill`, {});
    expect(twice.status).toBe(201);
    expect(twice.body).toMatchObject({
      fulfillmentStatus: 'FULFILLED',
      results: [{ outcome: 'skipped', reason: 'already_committed' }],
    });
    const again = await get(order.id);
    expect(again).toMatchObject({ fulfillmentStatus: 'FULFILLED', fulfilledAt: first.fulfilledAt });
    expect(linesOf(again)).toEqual([[1, 'FULFILLED']]);
  });

  it('GET /orders?fulfillmentStatus= answers the orders in that state, and 400 for an unknown one', async () => {
    const full = await orderOf('FS-4a', [1]);
    const part = await orderOf('FS-4b', [1, 1]);
    const none = await orderOf('FS-4c', [1]);
    await h.request('POST', `/orders/${full.id}/fulfill`, {});
    await h.request('POST', `/orders/${part.id}/fulfill`, { lines: [part.lines[0].id] });
    const mine = (ids: string[]) => ids.filter((id) => [full.id, part.id, none.id].includes(id));
    expect(mine(await listed('fulfillmentStatus=FULFILLED'))).toEqual([full.id]);
    expect(mine(await listed('fulfillmentStatus=PARTIALLY_FULFILLED'))).toEqual([part.id]);
    expect(mine(await listed('fulfillmentStatus=UNFULFILLED'))).toEqual([none.id]);
    expect(mine(await listed(`fulfillmentStatus=FULFILLED&channelId=${channelId}&status=PROCESSING`))).toEqual([
      full.id,
    ]);
    const rows = (await h.request('GET', '/orders?fulfillmentStatus=FULFILLED&limit=100')).body.data;
    expect(rows.find((o: { id: string }) => o.id === full.id)).toMatchObject({
      fulfillmentStatus: 'FULFILLED',
      fulfilledAt: expect.any(String),
      lines: [{ fulfilledQuantity: 1, fulfillmentStatus: 'FULFILLED' }],
    });
    const bad = await h.request('GET', '/orders?fulfillmentStatus=DONE');
    expect([bad.status, bad.body.error.code]).toEqual([400, 'validation_failed']);
  });

  it('restore-and-fulfil moves it: holds released on a shipped order, then restored and deducted', async () => {
    const order = await orderOf('FS-5', [2, 1]);
    await h.request('PUT', `/orders/${order.id}/status`, { status: 'SHIPPED' });
    const released = await h.request('POST', '/orders/release-stale-holds', { dryRun: false });
    expect(released.status).toBe(201);
    const holds = await holdsOf(h, order.id);
    expect(holds.map((x: { status: string }) => x.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect((await get(order.id)).fulfillmentStatus).toBe('UNFULFILLED');
    const line0 = holds.find((x: { lineId: string }) => x.lineId === order.lines[0].id);
    const one = await h.request('POST', `/orders/${order.id}/restore-and-fulfill-holds`, {
      reservationIds: [line0.id],
    });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({
      status: 'SHIPPED',
      fulfillmentStatus: 'PARTIALLY_FULFILLED',
      results: [{ reservationId: line0.id, outcome: 'committed', reason: null }],
    });
    expect(linesOf(await get(order.id))).toEqual([
      [2, 'FULFILLED'],
      [0, 'UNFULFILLED'],
    ]);
    const all = await h.request('POST', `/orders/${order.id}/restore-and-fulfill-holds`, {
      reservationIds: holds.map((x: { id: string }) => x.id),
    });
    expect(all.status).toBe(201);
    expect(all.body.fulfillmentStatus).toBe('FULFILLED');
    expect(all.body.results.map((r: { outcome: string }) => r.outcome).sort()).toEqual(['committed', 'skipped']);
    expect(await get(order.id)).toMatchObject({ fulfillmentStatus: 'FULFILLED', fulfilledAt: expect.any(String) });
    expect(await listed('fulfillmentStatus=FULFILLED')).toContain(order.id);
  });

  it('a deduct the sweep finishes (a crash after the commit was written) moves the order too', async () => {
    const order = await orderOf('FS-8', [2]);
    const [hold] = await holdsOf(h, order.id);
    // The process committed the hold and died before asking inventory for the deduct.
    const pendingMove = {
      kind: 'deduct' as const,
      operationKey: `${hold.id}:deduct`,
      warehouseId,
      quantity: 2,
      fromReserved: true,
      undo: 'PENDING' as const,
      at: new Date(Date.now() - 60_000),
    };
    await h.deps.holds.holdsStore.change(ORG, hold.id, (c) => ({
      state: { ...c, status: 'COMMITTED' as const, pendingMove },
    }));
    expect((await get(order.id)).fulfillmentStatus).toBe('UNFULFILLED');
    await h.deps.holds.sweep.tick();
    expect((await holdsOf(h, order.id))[0]).toMatchObject({ status: 'COMMITTED', committedQuantity: 2 });
    // The order is refreshed right after the sweep's settle, not waited for by it.
    const after = await eventually(async () => {
      const now = await get(order.id);
      return now.fulfillmentStatus === 'FULFILLED' ? now : undefined;
    });
    expect(after.fulfilledAt).toEqual(expect.any(String));
    expect(linesOf(after)).toEqual([[2, 'FULFILLED']]);
  });

  it('a line raised after fulfilment, replayed by the relay after a crash, makes the order PARTIALLY', async () => {
    const order = await orderOf('FS-9', [2, 1]);
    await h.request('POST', `/orders/${order.id}/fulfill`, {});
    // What a re-push raising the first line leaves when its process dies before the relay ran:
    // the order written with its `order.holds_wanted`, whose holds sync the next process replays
    // while holding the order's lock (the refresh it asks for must not wait for that lock).
    const wanted = newEvent(HOLDS_WANTED, { orgId: ORG, orderId: order.id });
    const outbox = { ...outboxOf([wanted]), outboxAt: new Date(Date.now() - 60_000) };
    await h.connection
      .collection('orders')
      .updateOne({ _id: order.id }, { $set: { 'lines.0.quantity': 3, ...outbox }, $inc: { version: 1 } });
    const restarted = await h.replica(); // its relay's first sweep replays what it finds
    const after = await eventually(async () => {
      const now = await get(order.id);
      return now.fulfillmentStatus === 'PARTIALLY_FULFILLED' ? now : undefined;
    });
    expect(linesOf(after)).toEqual([
      [2, 'PARTIALLY_FULFILLED'],
      [1, 'FULFILLED'],
    ]);
    const notes = await restarted.request('PUT', `/orders/${order.id}/notes`, { notes: 'after the replay' });
    expect(notes.status).toBe(200);
    await restarted.close();
  });

  it('an order whose lines hold no stock is UNFULFILLED until a fulfil call marks it FULFILLED', async () => {
    const order = await h.order({
      channelId,
      channelOrderId: 'FS-6',
      lines: [{ channelLineId: 'L1', sku: 'NO-SUCH-SKU', quantity: 1, unitPrice: 5 }],
    });
    expect(order.fulfillmentStatus).toBe('UNFULFILLED');
    const res = await h.request('POST', `/orders/${order.id}/fulfill`, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fulfillmentStatus: 'FULFILLED', results: [] });
    const after = await get(order.id);
    expect(after).toMatchObject({ fulfillmentStatus: 'FULFILLED', fulfilledAt: expect.any(String) });
    expect(linesOf(after)).toEqual([[0, 'FULFILLED']]);
  });

  it('an order stored before this reads UNFULFILLED (200), and is computed at its next sync', async () => {
    const order = await orderOf('FS-7', [1]);
    await h.request('POST', `/orders/${order.id}/fulfill`, {});
    // As stored before this change: no fulfilment on the order, none in its list row.
    const makeLegacy = async () => {
      await h.connection
        .collection('orders')
        .updateOne({ _id: order.id }, { $unset: { fulfilment: 1 }, $inc: { version: 1 } });
      const row = await h.connection.collection('order_rows').findOne({ _id: order.id } as never);
      const { fulfillmentStatus: _s, fulfilledAt: _a, ...view } = JSON.parse(row!.view as string);
      view.lines = view.lines.map(({ fulfilledQuantity: _q, fulfillmentStatus: _f, ...l }: Line) => l);
      await h.connection.collection('order_rows').updateOne(
        { _id: order.id },
        {
          $unset: { fulfillmentStatus: 1 },
          $set: { view: JSON.stringify(view) },
        },
      );
    };
    // The refresh the fulfil's hold moves start runs after the answer: legacy once it no longer rewrites it.
    await eventually(async () => {
      await makeLegacy();
      await new Promise((r) => setTimeout(r, 500));
      const stored = await h.connection.collection('orders').findOne({ _id: order.id } as never);
      return stored!.fulfilment === undefined ? true : undefined;
    }, 30_000);
    expect(await get(order.id)).toMatchObject({ fulfillmentStatus: 'UNFULFILLED', fulfilledAt: null });
    const list = await h.request('GET', `/orders?channelId=${channelId}&limit=100`);
    expect(list.status).toBe(200);
    expect(list.body.data.find((o: { id: string }) => o.id === order.id)).toMatchObject({
      fulfillmentStatus: 'UNFULFILLED',
      lines: [{ fulfilledQuantity: 0, fulfillmentStatus: 'UNFULFILLED' }],
    });
    // Its next status change brings its holds in step, and its fulfilment is computed from them.
    expect((await h.request('PUT', `/orders/${order.id}/status`, { status: 'SHIPPED' })).status).toBe(200);
    const computed = await eventually(async () => {
      const now = await get(order.id);
      return now.fulfillmentStatus === 'FULFILLED' ? now : undefined;
    });
    expect(linesOf(computed)).toEqual([[1, 'FULFILLED']]);
    expect(await listed('fulfillmentStatus=FULFILLED')).toContain(order.id);
  });

  it('a fulfil call refreshes its order once, marking it: its deducts ask for no refresh of their own', async () => {
    const order = await orderOf('FS-10', [2, 1, 3]);
    let res: Awaited<ReturnType<Orders['request']>> | undefined;
    const asked = await refreshesOf(order.id, async () => {
      res = await h.request('POST', `/orders/${order.id}/fulfill`, {});
    });
    expect([res!.status, res!.body.fulfillmentStatus]).toEqual([201, 'FULFILLED']);
    expect(asked).toEqual([expect.objectContaining({ called: true })]);
    expect(linesOf(await get(order.id))).toEqual([
      [2, 'FULFILLED'],
      [1, 'FULFILLED'],
      [3, 'FULFILLED'],
    ]);
  });

  it('a fulfil that fails after a deduct (inventory busy for another hold) still shows what it deducted', async () => {
    const order = await orderOf('FS-11', [2, 1]);
    const stock = h.deps.holds.moves.stock;
    const made = stock.moves.bind(stock);
    // Inventory makes both deducts but answers the second as busy (503): that hold keeps its move in flight.
    jest
      .spyOn(stock, 'moves')
      .mockImplementationOnce(async (orgId, moves) =>
        (await made(orgId, moves)).map((o, i): StockMoveOutcome =>
          i === 0
            ? o
            : { ok: false, operationKey: o.operationKey, error: { status: 503, code: 'busy', message: 'busy' } },
        ),
      );
    const failed = await h.request('POST', `/orders/${order.id}/fulfill`, {});
    expect([failed.status, failed.body.error.code]).toEqual([503, 'dependency_unavailable']);
    const shown = await eventually(async () => {
      const now = await get(order.id);
      return now.fulfillmentStatus === 'PARTIALLY_FULFILLED' ? now : undefined;
    });
    expect(
      linesOf(shown)
        .map(([, status]) => status)
        .sort(),
    ).toEqual(['FULFILLED', 'UNFULFILLED']);
    // The retry finishes the move in flight with its key: each variant's stock deducted once.
    const retried = await h.request('POST', `/orders/${order.id}/fulfill`, {});
    expect([retried.status, retried.body.fulfillmentStatus]).toEqual([201, 'FULFILLED']);
    expect(linesOf(await get(order.id))).toEqual([
      [2, 'FULFILLED'],
      [1, 'FULFILLED'],
    ]);
    const onHand = await Promise.all(order.lines.map(async (l: { variantId: string }) => stockOf(h, l.variantId)));
    expect(onHand).toEqual([
      { onHand: 8, reserved: 0 },
      { onHand: 9, reserved: 0 },
    ]);
  });

  it('a status change after fulfilment, its holds sync moving nothing it shows, asks for no refresh', async () => {
    const order = await orderOf('FS-12', [1, 2]);
    expect((await h.request('POST', `/orders/${order.id}/fulfill`, {})).status).toBe(201);
    const asked = await refreshesOf(order.id, async () => {
      expect((await h.request('PUT', `/orders/${order.id}/status`, { status: 'SHIPPED' })).status).toBe(200);
    });
    expect(asked).toEqual([]);
    expect(await get(order.id)).toMatchObject({ status: 'SHIPPED', fulfillmentStatus: 'FULFILLED' });
  });
});
