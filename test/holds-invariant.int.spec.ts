import { eventually, gatewayCaller, startStack, type Stack } from '@stockyard/testkit';

interface HoldWire {
  id: string;
  variantId: string;
  warehouseId: string | null;
  status: string;
  reservedQuantity: number;
  committedQuantity: number;
}

const STOCK = 60;
/** A claim left by a write cut before its insert is taken over this long after it was made, with room. */
const CLAIM_TAKEOVER_MS = 75_000;

/**
 * Issue #29's invariants, as processes behind the gateway: for every variant and warehouse, at a
 * quiet moment, inventory's reserved quantity (its reservation ledger's too, as of a moment just
 * past) is the sum of the open holds' reserved quantities,
 * and on hand fell by exactly what COMMITTED holds deducted. Checked after a concurrent mix of
 * imports, cancellations, fulfilments (twice at once), stale-hold releases and restore-and-fulfil,
 * and after the orders process, or inventory's, is killed with SIGKILL in the middle of such a mix (in
 * the middle of a batch of moves) and restarted.
 * Also: the catalog sees open holds, and purchasing links real holds.
 */
describe('holds and inventory agree, through the gateway, across a SIGKILL of orders or inventory', () => {
  let stack: Stack;
  let adminKey: string;
  let warehouseId: string;
  let channelId: string;
  const variants: string[] = [];
  const orderIds: string[] = [];

  const call = async (method: string, route: string, body?: unknown) => {
    const res = await gatewayCaller(stack.gatewayUrl, adminKey)(method, route, body);
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
  };
  const ok = async (method: string, route: string, body?: unknown) => {
    const res = await call(method, route, body);
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${res.text}`);
    return res.body;
  };
  const push = (ref: string, i: number) =>
    call('POST', '/orders', {
      channelId,
      channelOrderId: ref,
      lines: variants.map((variantId, v) => ({ channelLineId: `${v}`, variantId, quantity: 1 + ((i + v) % 3) })),
    });

  /** Every order's holds, and each variant's stock in the warehouse. */
  async function snapshot() {
    const holds: HoldWire[] = [];
    for (const id of orderIds) holds.push(...(await ok('GET', `/orders/${id}/reservations`)).data);
    const stock = new Map<string, { onHand: number; reserved: number }>();
    for (const v of variants) {
      const rows = await ok('GET', `/stock/variant/${v}/breakdown`);
      const row = rows.find((r: { warehouseId: string }) => r.warehouseId === warehouseId);
      stock.set(v, { onHand: row.onHand, reserved: row.reserved });
    }
    return { holds, stock };
  }

  /** The invariants, or what differs (undefined while they do not hold: eventually waits). */
  async function agreed() {
    const { holds, stock } = await snapshot();
    const mismatches = variants.flatMap((v) => {
      const mine = holds.filter((h) => h.variantId === v);
      const open = mine.filter((h) => h.status === 'PENDING' || h.status === 'ALLOCATED');
      const reserved = open.reduce((s, h) => s + h.reservedQuantity, 0);
      const committed = mine.reduce((s, h) => s + h.committedQuantity, 0);
      const level = stock.get(v)!;
      return level.reserved === reserved && level.onHand === STOCK - committed
        ? []
        : [{ v, level, reserved, committed }];
    });
    if (mismatches.length > 0) return undefined;
    // The reservation ledger as of a moment just past (a past as-of reads it) agrees too: asked once
    // the rest does, each variant's (the gateway's rate limit counts every poll).
    const justNow = new Date(Date.now() - 1).toISOString();
    for (const [v, level] of stock) {
      const then = await ok('GET', `/stock/variant/${v}/as-of?date=${justNow}`);
      if (then.reserved !== level.reserved) return undefined;
    }
    return { holds };
  }

  /** A concurrent mix on the orders from `from`: cancel, fulfil twice at once, ship + release, restore. */
  async function mix(from: number) {
    const ids = orderIds.slice(from);
    await Promise.all(
      ids.map(async (id, i) => {
        const kind = i % 4;
        if (kind === 0) await call('PUT', `/orders/${id}/status`, { status: 'CANCELLED' });
        if (kind === 1) {
          await Promise.all([call('POST', `/orders/${id}/fulfill`, {}), call('POST', `/orders/${id}/fulfill`, {})]);
        }
        if (kind === 2) await call('PUT', `/orders/${id}/status`, { status: 'SHIPPED' });
      }),
    );
    await call('POST', '/orders/release-stale-holds', { dryRun: false });
    await Promise.all(
      ids.map(async (id, i) => {
        if (i % 8 !== 2) return;
        const res = await call('GET', `/orders/${id}/reservations`);
        if (res.status !== 200) return; // orders killed meanwhile
        const holds: HoldWire[] = res.body.data;
        const cancelled = holds.filter((h) => h.status === 'CANCELLED').map((h) => h.id);
        if (cancelled.length)
          await call('POST', `/orders/${id}/restore-and-fulfill-holds`, { reservationIds: cancelled });
      }),
    );
  }

  /** A service restarted and answering through the gateway (a list of its own). */
  async function restart(service: 'orders' | 'inventory') {
    await stack.services[service]!.start();
    const probe = service === 'orders' ? '/orders?limit=1' : '/warehouses?limit=1';
    await eventually(async () => ((await call('GET', probe)).status === 200 ? true : undefined), 30_000);
  }

  /**
   * `count` orders pushed at once with `service` killed by SIGKILL 40 ms in, restarted, and the
   * orders sent again until each answers (the upsert makes each once); then a mix on them with
   * `service` killed 60 ms in, restarted, and the mix run again.
   */
  async function killedMidway(service: 'orders' | 'inventory', prefix: string, count: number) {
    const from = orderIds.length;
    const refs = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
    const pushing = Promise.all(refs.map((ref, i) => push(ref, i)));
    await new Promise((resolve) => setTimeout(resolve, 40));
    await stack.services[service]!.stop('SIGKILL');
    await pushing;
    await restart(service);
    for (const [i, ref] of refs.entries()) {
      // An order killed between its channel key's claim and its insert answers 503 until the claim
      // is stale and taken over, 60 s after it was made (the kit's unique-claims.ts).
      const res = await eventually(async () => {
        const r = await push(ref, i);
        return r.status < 300 ? r : undefined;
      }, CLAIM_TAKEOVER_MS);
      orderIds.push(res.body.id);
    }
    const mixing = mix(from);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await stack.services[service]!.stop('SIGKILL');
    await mixing;
    await restart(service);
    await mix(from);
  }

  beforeAll(async () => {
    stack = await startStack(['catalog', 'inventory', 'orders', 'purchasing'], {
      orders: { HOLD_SWEEP_MS: '300', HOLD_STUCK_MS: '500' },
      // The checks poll every order's holds through the gateway until they agree: on a busy machine
      // that passes the default 300 requests a minute of one key, which is not under test here.
      gateway: { RATE_LIMIT_PER_MINUTE: '3000' },
    });
    ({ adminKey } = stack.bootstrapOrg('Holds Invariant Org'));
    warehouseId = (await ok('POST', '/warehouses', { name: 'Main' })).id;
    channelId = (await ok('POST', '/channels', { name: 'Partner API', platform: 'API', warehouseId })).id;
    for (const name of ['Bolt', 'Nut', 'Washer']) {
      const variantId = (await ok('POST', '/products', { name, price: 1 })).variants[0].id;
      variants.push(variantId);
      await eventually(async () => {
        const res = await call('POST', '/stock/adjust', { variantId, warehouseId, quantity: STOCK, reason: 'count' });
        return res.status === 201 ? true : undefined;
      });
    }
  }, 120_000);
  afterAll(() => stack?.destroy());

  it('agree after a concurrent mix of imports, cancels, fulfilments, stale releases and restores', async () => {
    const pushed = await Promise.all(Array.from({ length: 12 }, (_, i) => push(`INV-${i}`, i)));
    for (const res of pushed) {
      expect(res.status).toBe(201);
      orderIds.push(res.body.id);
    }
    await mix(0);
    const { holds } = await eventually(agreed, 20_000);
    expect(holds.some((h) => h.status === 'COMMITTED')).toBe(true);
    expect(holds.some((h) => h.status === 'CANCELLED')).toBe(true);
  }, 60_000);

  it('agree after orders is killed with SIGKILL in the middle of a mix and restarted', async () => {
    await killedMidway('orders', 'KILL', 16);
    await eventually(agreed, 30_000);
  }, 240_000);

  it('agree after inventory is killed with SIGKILL in the middle of a batch of moves and restarted', async () => {
    // Each order's holds go to inventory as one batch of moves, fulfilments and cancels as batches of
    // deducts and releases: the kills land inside some of them.
    await killedMidway('inventory', 'INV-KILL', 12);
    await eventually(agreed, 30_000);
  }, 120_000);

  it('the catalog counts open holds; purchasing links real holds; arrival reserves for them first', async () => {
    const productId = (await ok('POST', '/products', { name: 'Held', price: 2 })).id;
    const product = await ok('GET', `/products/${productId}`);
    const variantId = product.variants[0].id;
    await ok('POST', '/stock/adjust', { variantId, warehouseId, quantity: 5, reason: 'count' });
    const order = await ok('POST', '/orders', {
      channelId,
      channelOrderId: 'HELD-1',
      lines: [{ channelLineId: '1', variantId, quantity: 8 }],
    });
    const preflight = await ok('GET', `/products/${productId}/convert/preflight?targetType=BUNDLE`);
    expect(preflight.blockers).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'open_holds' })]));

    const source = await ok('POST', '/sources', { name: 'Acme', currency: 'EUR' });
    const po = await ok('POST', '/purchase-orders', {
      channelId: source.id,
      warehouseId,
      expectedAt: '2031-05-04',
      lines: [{ variantId, quantity: 10, unitCost: 3 }],
    });
    const [hold] = (await ok('GET', `/orders/${order.id}/reservations`)).data;
    expect(hold).toMatchObject({ reservedQuantity: 5, shortQuantity: 3, expectedAt: null });
    const linkable = (await ok('GET', `/purchase-orders/${po.id}/linkable-reservations`)).data;
    expect(linkable.map((h: { id: string }) => h.id)).toContain(hold.id);
    const linked = await call('POST', `/purchase-orders/${po.id}/lines/${po.lines[0].id}/link-reservations`, {
      reservationIds: [hold.id],
    });
    expect(linked.status).toBe(201);
    const listed = (await ok('GET', `/purchase-orders/${po.id}/reservations`)).data;
    expect(listed).toEqual([expect.objectContaining({ id: hold.id, lineId: po.lines[0].id, status: 'PENDING' })]);
    // Orders hears of the link from the purchase order's outbox (at once, or by the relay's retries).
    const waiting = await eventually(async () => {
      const [h] = (await ok('GET', `/orders/${order.id}/reservations`)).data;
      return h.purchaseOrderId ? h : undefined;
    });
    expect(waiting).toMatchObject({ purchaseOrderId: po.id, expectedAt: expect.stringMatching(/^2031-05-04/) });
    const refresh = await call('POST', `/orders/${order.id}/lines/${order.lines[0].id}/refresh-holds`);
    expect([refresh.status, refresh.body.error.code]).toEqual([409, 'holds_not_refreshable']);

    // The line arrives: the linked hold gets the arriving stock reserved first.
    await ok('POST', `/purchase-orders/${po.id}/submit`);
    await ok('POST', `/purchase-orders/${po.id}/lines/${po.lines[0].id}/receive`, { quantity: 4 });
    const arrived = await eventually(async () => {
      const [h] = (await ok('GET', `/orders/${order.id}/reservations`)).data;
      return h.reservedQuantity === 8 ? h : undefined;
    });
    expect(arrived).toMatchObject({ shortQuantity: 0, expectedAt: null });
    const [level] = (await ok('GET', `/stock/variant/${variantId}/breakdown`)).filter(
      (r: { warehouseId: string }) => r.warehouseId === warehouseId,
    );
    expect(level).toMatchObject({ onHand: 9, reserved: 8 });
  }, 60_000);

  it('short holds are topped up when stock arrives by an adjustment: the oldest order first', async () => {
    const variantId = (await ok('POST', '/products', { name: 'Scarce', price: 1 })).variants[0].id;
    await ok('POST', '/stock/adjust', { variantId, warehouseId, quantity: 2, reason: 'count' });
    const order = (ref: string, quantity: number) =>
      ok('POST', '/orders', { channelId, channelOrderId: ref, lines: [{ channelLineId: '1', variantId, quantity }] });
    const first = await order('TOP-1', 5);
    const second = await order('TOP-2', 4);
    const holdOf = async (o: { id: string }) => (await ok('GET', `/orders/${o.id}/reservations`)).data[0];
    expect(await holdOf(first)).toMatchObject({ reservedQuantity: 2, shortQuantity: 3 });
    expect(await holdOf(second)).toMatchObject({ reservedQuantity: 0, shortQuantity: 4 });
    const level = async () =>
      (await ok('GET', `/stock/variant/${variantId}/breakdown`)).find(
        (r: { warehouseId: string }) => r.warehouseId === warehouseId,
      );

    // 4 more: the older order's 3 first, then 1 for the other.
    await ok('POST', '/stock/adjust', { variantId, warehouseId, quantity: 4, reason: 'found' });
    await eventually(async () => ((await holdOf(second)).reservedQuantity === 1 ? true : undefined), 20_000);
    expect(await holdOf(first)).toMatchObject({ reservedQuantity: 5, shortQuantity: 0 });
    expect(await level()).toMatchObject({ onHand: 6, reserved: 6 });

    // Plenty: the rest is reserved, never more than a hold's quantity.
    await ok('POST', '/stock/adjust', { variantId, warehouseId, quantity: 10, reason: 'delivery' });
    await eventually(async () => ((await holdOf(second)).reservedQuantity === 4 ? true : undefined), 20_000);
    expect(await holdOf(first)).toMatchObject({ reservedQuantity: 5, shortQuantity: 0 });
    expect(await holdOf(second)).toMatchObject({ reservedQuantity: 4, shortQuantity: 0 });
    expect(await level()).toMatchObject({ onHand: 16, reserved: 9 });
  }, 60_000);
});
