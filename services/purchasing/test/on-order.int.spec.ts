import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_on_order';

/**
 * POST /internal/v1/purchase-orders/on-order: ordered − received per (variant, warehouse) over the
 * open STANDARD orders (inventory's reorder suggestions). Into A: a DRAFT of 4 hammers, a SUBMITTED
 * order of 10 hammers and 3 saws; into B: 5 hammers of which 2 received (PARTIALLY_RECEIVED). Not
 * on order: 7 saws received in full, 100 hammers cancelled, 50 in a trashed DRAFT, 6 saws of which
 * 1 received then short-closed, 9 hammers on a DROPSHIP order naming A, a chisel on nothing.
 */
describe('POST /internal/v1/purchase-orders/on-order', () => {
  let h: Purchasing;
  let a: string;
  let b: string;
  let hammer: string;
  let saw: string;
  let chisel: string;
  const read = (body: unknown, orgId?: string) =>
    h.request('POST', '/purchase-orders/on-order', body, { base: '/internal/v1', orgId });

  beforeAll(async () => {
    h = await startPurchasing(ORG);
    const channelId = await h.supplier();
    [a, b] = [await h.warehouse('A'), await h.warehouse('B')];
    [hammer, saw, chisel] = [
      await h.variant({ name: 'Hammer', cost: 4 }),
      await h.variant({ name: 'Saw', cost: 9 }),
      await h.variant({ name: 'Chisel', cost: 3 }),
    ];
    const act = async (id: string, action: string) => {
      const res = await h.request('POST', `/purchase-orders/${id}/${action}`);
      if (res.status !== 201) throw new Error(`${action} failed: ${res.status} ${await res.text()}`);
    };
    const order = async (warehouseId: string | null, lines: [string, number][], type = 'STANDARD') =>
      h.order({ channelId, warehouseId, type, lines: lines.map(([variantId, quantity]) => ({ variantId, quantity })) });
    const receive = async (po: { id: string; lines: { id: string }[] }, line: number, quantity: number) => {
      const res = await h.receive(po.id, po.lines[line]!.id, { quantity });
      if (res.status !== 201) throw new Error(`receive failed: ${res.status} ${await res.text()}`);
    };

    await order(a, [[hammer, 4]]);
    await act(
      (
        await order(a, [
          [hammer, 10],
          [saw, 3],
        ])
      ).id,
      'submit',
    );
    const partial = await order(b, [[hammer, 5]]);
    await act(partial.id, 'submit');
    await receive(partial, 0, 2);

    const received = await order(a, [[saw, 7]]);
    await act(received.id, 'submit');
    await receive(received, 0, 7);
    const cancelled = await order(a, [[hammer, 100]]);
    await act(cancelled.id, 'submit');
    await act(cancelled.id, 'cancel');
    const trashed = await order(a, [[hammer, 50]]);
    expect((await h.request('DELETE', `/purchase-orders/${trashed.id}`)).status).toBe(200);
    const closed = await order(b, [[saw, 6]]);
    await act(closed.id, 'submit');
    await receive(closed, 0, 1);
    await act(closed.id, 'close');
    await act((await order(a, [[hammer, 9]], 'DROPSHIP')).id, 'submit');
  }, 60_000);
  afterAll(() => h.close());

  type Row = { variantId: string; warehouseId: string; quantity: number };
  const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  /** The rows in the answer's order: by variant, then warehouse. */
  const byPair = (rows: Row[]) =>
    [...rows].sort((x, y) => compare(x.variantId, y.variantId) || compare(x.warehouseId, y.warehouseId));

  it('answers ordered − received per (variant, warehouse) of the open orders, in that order', async () => {
    const res = await read({ variantIds: [hammer, saw, chisel] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      byPair([
        { variantId: hammer, warehouseId: a, quantity: 14 },
        { variantId: hammer, warehouseId: b, quantity: 3 },
        { variantId: saw, warehouseId: a, quantity: 3 },
      ]),
    );
  });

  it('answers one warehouse when it is named, and the variants asked only', async () => {
    expect((await read({ variantIds: [hammer, saw], warehouseId: a })).body.data).toEqual(
      byPair([
        { variantId: hammer, warehouseId: a, quantity: 14 },
        { variantId: saw, warehouseId: a, quantity: 3 },
      ]),
    );
    expect((await read({ variantIds: [saw], warehouseId: b })).body).toEqual({ data: [] });
    expect((await read({ variantIds: [hammer] })).body.data).toEqual(
      byPair([
        { variantId: hammer, warehouseId: a, quantity: 14 },
        { variantId: hammer, warehouseId: b, quantity: 3 },
      ]),
    );
    expect((await read({ variantIds: [chisel, 'var_unknown'] })).body).toEqual({ data: [] });
  });

  it('follows a receipt: what is received leaves what is on order', async () => {
    const po = await h.order({
      channelId: await h.supplier(),
      warehouseId: b,
      lines: [{ variantId: chisel, quantity: 8 }],
    });
    expect((await h.request('POST', `/purchase-orders/${po.id}/submit`)).status).toBe(201);
    expect((await read({ variantIds: [chisel] })).body.data).toEqual([
      { variantId: chisel, warehouseId: b, quantity: 8 },
    ]);
    expect((await h.receive(po.id, po.lines[0].id, { quantity: 2.5 })).status).toBe(201);
    expect((await read({ variantIds: [chisel] })).body.data).toEqual([
      { variantId: chisel, warehouseId: b, quantity: 5.5 },
    ]);
    expect((await h.receive(po.id, po.lines[0].id, { quantity: 5.5 })).status).toBe(201);
    expect((await read({ variantIds: [chisel] })).body).toEqual({ data: [] });
  });

  it("leaves out another organization's orders", async () => {
    const res = await read({ variantIds: [hammer, saw] }, `${ORG}_other`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
    expect((await read({ variantIds: [hammer], warehouseId: a }, `${ORG}_other`)).body).toEqual({ data: [] });
  });

  it.each([
    ['no variants', { variantIds: [] }],
    ['no variantIds', { warehouseId: 'wh_1' }],
    ['more than 500 variants', { variantIds: Array.from({ length: 501 }, (_, i) => `var_${i}`) }],
    ['a variant id that is no id', { variantIds: ['../etc'] }],
    ['a warehouse id that is no id', { variantIds: ['var_1'], warehouseId: '' }],
    ['a field it does not take', { variantIds: ['var_1'], status: 'SUBMITTED' }],
  ])('refuses %s: 400 validation_failed', async (_name, body) => {
    const res = await read(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});
