import { ORDER_STATUSES, type OrderStatus } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import { walkStateTable, type StepOutcome } from '@stockyard/testkit';
import { applyChannelOrder } from '../src/domain/apply-channel-order';
import { setStatus } from '../src/domain/change-status';
import { isBlockedOnBuild } from '../src/domain/derived';
import { feedStatusKey, mapFeedStatus } from '../src/domain/feed-status-map';
import { mergeLines } from '../src/domain/merge-lines';
import { orderStates, TRIGGER_TO, type OrderTrigger } from '../src/domain/order-states';
import { recordShipment } from '../src/domain/record-shipment';
import { aLine, anOrder, NOW } from './support/builders';

const outcome = <S extends string>(run: () => { status: S }): StepOutcome<S> => {
  try {
    return { status: run().status };
  } catch (err) {
    if (err instanceof AppError) return { code: err.code };
    throw err;
  }
};
const statusOf = (trigger: OrderTrigger) => ORDER_STATUSES.find((s) => TRIGGER_TO[s] === trigger)!;

describe('the order lifecycle', () => {
  it('PUT status follows the state table for every status and trigger', async () => {
    const walked = await walkStateTable(orderStates, (from, trigger) =>
      outcome(() => setStatus(anOrder({ status: from }), statusOf(trigger), 'api', null, NOW).result!),
    );
    expect(walked.length).toBe(ORDER_STATUSES.length * orderStates.triggers.length);
  });

  it('every status has its trigger, and the finished statuses lead nowhere', () => {
    for (const status of ORDER_STATUSES) expect(orderStates.triggers).toContain(TRIGGER_TO[status]);
    expect(orderStates.transitions.DELIVERED).toEqual({ deliver: 'DELIVERED' });
    expect(orderStates.transitions.CANCELLED).toEqual({ cancel: 'CANCELLED' });
  });

  it('a change appends to the history and says who did it; the same status changes nothing', () => {
    const order = anOrder({ status: 'PENDING' });
    const moved = setStatus(order, 'ON_HOLD', 'bulk', 'waiting on payment', NOW);
    expect(moved.state!.history).toEqual([
      { from: 'PENDING', to: 'ON_HOLD', source: 'bulk', at: NOW, note: 'waiting on payment' },
    ]);
    expect(moved.events!.map((e) => e.payload)).toEqual([
      expect.objectContaining({ fromStatus: 'PENDING', toStatus: 'ON_HOLD', source: 'bulk' }),
    ]);
    expect(setStatus(order, 'PENDING', 'api', null, NOW).events).toEqual([]);
  });

  it('refuses a change of a trashed order with 409 order_trashed', () => {
    expect(() => setStatus(anOrder({ deletedAt: NOW }), 'ON_HOLD', 'api', null, NOW)).toThrow(
      expect.objectContaining({ code: 'order_trashed' }),
    );
  });
});

describe('shipments', () => {
  const order = () =>
    anOrder({ lines: [aLine({ id: 'a', quantity: 3 }), aLine({ id: 'b', quantity: 1, channelLineId: 'L2' })] });

  it('a part moves the order to PARTIALLY_SHIPPED, the rest to SHIPPED, with order.shipped each time', () => {
    const part = recordShipment(order(), { lines: [{ lineId: 'a', quantity: 2 }] }, 'shp_1', NOW);
    expect(part.state!.status).toBe('PARTIALLY_SHIPPED');
    expect(part.events!.map((e) => e.name)).toEqual(['order.shipped', 'order.status_changed']);
    const rest = recordShipment(part.state!, {}, 'shp_2', NOW);
    expect(rest.result!.shipment.lines).toEqual([
      { lineId: 'a', quantity: 1 },
      { lineId: 'b', quantity: 1 },
    ]);
    expect(rest.state!.status).toBe('SHIPPED');
    expect(rest.state!.lines.map((l) => l.shippedQuantity)).toEqual([3, 1]);
  });

  it('refuses more than is left to ship (over_shipment), an unknown line, and nothing left (nothing_to_ship)', () => {
    expect(() => recordShipment(order(), { lines: [{ lineId: 'a', quantity: 4 }] }, 's', NOW)).toThrow(
      expect.objectContaining({ code: 'over_shipment' }),
    );
    expect(() => recordShipment(order(), { lines: [{ lineId: 'zz', quantity: 1 }] }, 's', NOW)).toThrow(
      expect.objectContaining({ code: 'line_not_found' }),
    );
    const shipped = recordShipment(order(), {}, 's', NOW).state!;
    expect(() => recordShipment(shipped, {}, 's2', NOW)).toThrow(expect.objectContaining({ code: 'nothing_to_ship' }));
  });

  it('a cancelled order cannot ship (409); one the channel marked SHIPPED records it and stays SHIPPED', () => {
    expect(() => recordShipment(anOrder({ status: 'CANCELLED' }), {}, 's', NOW)).toThrow(
      expect.objectContaining({ code: 'invalid_status_transition' }),
    );
    const recorded = recordShipment(anOrder({ status: 'SHIPPED' }), {}, 's', NOW);
    expect(recorded.state!.status).toBe('SHIPPED');
    expect(recorded.events!.map((e) => e.name)).toEqual(['order.shipped']);
  });
});

describe('an order sent again', () => {
  const ids = () => {
    let n = 0;
    return () => `new_${++n}`;
  };

  it('matches lines by the channel’s line id, else by position; keeps ids and what shipped', () => {
    const current = [
      aLine({ id: 'a', channelLineId: 'X', quantity: 5, shippedQuantity: 2 }),
      aLine({ id: 'b', channelLineId: null, sku: 'P' }),
      aLine({ id: 'c', channelLineId: 'Y', shippedQuantity: 0 }),
    ];
    const incoming = [
      { ...aLine({ channelLineId: 'X', quantity: 1 }), id: undefined, shippedQuantity: undefined },
      { ...aLine({ channelLineId: null, sku: 'P', quantity: 7 }), id: undefined, shippedQuantity: undefined },
      { ...aLine({ channelLineId: 'Z' }), id: undefined, shippedQuantity: undefined },
    ].map(({ id: _i, shippedQuantity: _s, ...l }) => l);
    const merged = mergeLines(current, incoming, ids());
    expect(merged.map((l) => [l.id, l.quantity, l.shippedQuantity])).toEqual([
      ['a', 2, 2], // never below what shipped
      ['b', 7, 0],
      ['new_1', 3, 0],
    ]);
  });

  it('keeps the same lines array when nothing changed (no write)', () => {
    const current = [aLine()];
    const { id: _i, shippedQuantity: _s, ...same } = aLine();
    expect(mergeLines(current, [same], ids())).toBe(current);
  });

  it('an older version of a feed’s order is not applied', () => {
    const order = anOrder({ channelUpdatedAt: new Date('2026-03-02T00:00:00Z') });
    const decision = applyChannelOrder(
      order,
      { channelOrderId: 'A-1', status: 'CANCELLED', channelUpdatedAt: new Date('2026-03-01T00:00:00Z'), lines: [] },
      { now: NOW, lineId: ids(), assemblyStock: {} },
    );
    expect(decision.state).toBeUndefined();
    expect(decision.result!.stale).toBe(true);
  });

  it('an unknown channel status is kept as a note and in channelStatus, the status stays', () => {
    const { id: _i, shippedQuantity: _s, ...line } = aLine();
    const decision = applyChannelOrder(
      anOrder({ notes: 'Gift' }),
      { channelOrderId: 'A-1', channelStatus: 'awaiting-fraud-review', lines: [line] },
      { now: NOW, lineId: ids(), assemblyStock: {} },
    );
    expect(decision.state).toMatchObject({
      status: 'PROCESSING',
      channelStatus: 'awaiting-fraud-review',
      notes: 'Gift\nChannel status "awaiting-fraud-review" has no mapping; the status stays PROCESSING.',
    });
    expect(decision.events).toEqual([]);
  });
});

describe('feed statuses', () => {
  it.each([
    ['paid', 'PROCESSING'],
    ['Awaiting Payment', 'PENDING'],
    ['on-hold', 'ON_HOLD'],
    ['partially shipped', 'PARTIALLY_SHIPPED'],
    ['FULFILLED', 'SHIPPED'],
    ['delivered', 'DELIVERED'],
    ['canceled', 'CANCELLED'],
  ] as [string, OrderStatus][])('%s is %s', (text, status) => expect(mapFeedStatus(text)).toBe(status));

  it('anything else maps to nothing', () => {
    expect(mapFeedStatus('refunded')).toBeUndefined();
    expect(feedStatusKey('  Ready to-Ship ')).toBe('ready_to_ship');
  });
});

describe('blocked on build', () => {
  const assembly = (fields = {}) => aLine({ productType: 'ASSEMBLY', variantId: 'asm', quantity: 4, ...fields });

  it('an open order wanting more of an assembly than is available is blocked; enough stock or finished is not', () => {
    expect(isBlockedOnBuild(anOrder({ lines: [assembly()], assemblyStock: { asm: 3 } }))).toBe(true);
    expect(isBlockedOnBuild(anOrder({ lines: [assembly()], assemblyStock: { asm: 4 } }))).toBe(false);
    expect(isBlockedOnBuild(anOrder({ lines: [assembly({ shippedQuantity: 2 })], assemblyStock: { asm: 2 } }))).toBe(
      false,
    );
    expect(isBlockedOnBuild(anOrder({ status: 'CANCELLED', lines: [assembly()], assemblyStock: {} }))).toBe(false);
    expect(isBlockedOnBuild(anOrder({ lines: [aLine()], assemblyStock: {} }))).toBe(false);
  });
});
