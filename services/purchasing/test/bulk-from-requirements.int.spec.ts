import { startService } from '@stockyard/testkit';
import { purchasing } from '../src/app';
import { CLOSED, startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_requirements';
const PATH = '/purchase-orders/bulk-from-requirements';

describe('POST /purchase-orders/bulk-from-requirements', () => {
  let h: Purchasing;
  beforeAll(async () => {
    h = await startPurchasing(ORG);
  }, 60_000);
  afterAll(() => h.close());

  const bulk = (body?: Record<string, unknown>) => h.request('POST', PATH, body);
  /** Stock of a variant at a warehouse: `onHand` counted in, and its reorder point. */
  async function level(variantId: string, warehouseId: string, onHand: number, min: number, max?: number) {
    if (onHand > 0) {
      const res = await h.inventory.request('POST', '/stock/adjust', {
        variantId,
        warehouseId,
        quantity: onHand,
        reason: 'count',
      });
      expect(res.status).toBe(201);
    }
    const res = await h.inventory.request('PATCH', `/stock/items/${variantId}/${warehouseId}`, {
      minQuantity: min,
      maxQuantity: max ?? null,
    });
    expect(res.status).toBe(200);
  }
  /** A supplier offering the variants: `[variantId, cost, preferred?]`. */
  async function supplierOf(name: string, offers: [string, number | null, boolean?][]) {
    const id = await h.supplier({ name });
    const skus = offers.map(([variantId, cost, preferred], i) => ({
      sku: `${name}-${i}-${variantId.slice(-6)}`,
      variantId,
      cost,
      preferred: preferred ?? false,
    }));
    await h.offers(id, skus);
    return id;
  }

  it('orders up to maxQuantity what is below its reorder point, from the preferred source, not the rest', async () => {
    const wh = await h.warehouse('Below');
    const [low, fine] = [await h.variant({ name: 'Low' }), await h.variant({ name: 'Fine' })];
    const preferred = await supplierOf('Preferred', [
      [low, 5, true],
      [fine, 5, true],
    ]);
    await supplierOf('Cheaper', [[low, 3]]);
    await level(low, wh, 2, 5, 20);
    await level(fine, wh, 10, 5, 20);

    const res = await bulk({ warehouseId: wh });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ dryRun: false, updated: [], skipped: [], examined: 2, next: null });
    expect(res.body.created).toEqual([
      {
        purchaseOrderId: expect.any(String),
        orderNumber: expect.stringMatching(/^PO-/),
        channelId: preferred,
        warehouseId: wh,
        lines: [
          { lineId: expect.any(String), variantId: low, supplierSku: expect.any(String), quantity: 18, unitCost: 5 },
        ],
      },
    ]);
    const po = await h.request('GET', `/purchase-orders/${res.body.created[0].purchaseOrderId}`);
    expect(po.body).toMatchObject({ status: 'DRAFT', type: 'STANDARD', channelId: preferred, warehouseId: wh });
    expect(po.body.lines).toEqual([expect.objectContaining({ variantId: low, quantity: 18, unitCost: 5 })]);
    await h.eventOf('purchase_order.created', { purchaseOrderId: po.body.id, status: 'DRAFT' });
  });

  it('without a preferred offer, orders from the cheapest live source, up to minQuantity without a max', async () => {
    const wh = await h.warehouse('Cheapest');
    const v = await h.variant({ name: 'Bolt' });
    await supplierOf('NoCost', [[v, null]]);
    const cheap = await supplierOf('Cheap', [[v, 4]]);
    await supplierOf('Dear', [[v, 7]]);
    const gone = await supplierOf('Gone', [[v, 1]]);
    expect((await h.catalog.request('DELETE', `/sources/${gone}`)).status).toBe(204);
    await level(v, wh, 1, 6);

    const res = await bulk({ warehouseId: wh });
    expect(res.status).toBe(201);
    expect(res.body.created).toHaveLength(1);
    expect(res.body.created[0]).toMatchObject({
      channelId: cheap,
      lines: [{ variantId: v, quantity: 5, unitCost: 4 }],
    });
  });

  it('skips a variant no live source offers with a preferred flag or a cost, with reason no_source', async () => {
    const wh = await h.warehouse('NoSource');
    const [none, uncosted] = [await h.variant({ name: 'Orphan' }), await h.variant({ name: 'Uncosted' })];
    await supplierOf('Vague', [[uncosted, null]]);
    await level(none, wh, 0, 3, 5);
    await level(uncosted, wh, 0, 3, 5);

    const res = await bulk({ warehouseId: wh });
    expect(res.status).toBe(201);
    expect(res.body.created).toEqual([]);
    expect(res.body.skipped).toEqual(
      expect.arrayContaining([
        { variantId: none, warehouseId: wh, reason: 'no_source' },
        { variantId: uncosted, warehouseId: wh, reason: 'no_source' },
      ]),
    );
    expect(res.body.skipped).toHaveLength(2);
  });

  it("appends to the supplier's DRAFT into that warehouse: raises its line and adds the missing one", async () => {
    const wh = await h.warehouse('Append');
    const [listed, added] = [await h.variant({ name: 'Listed' }), await h.variant({ name: 'Added' })];
    const supplier = await supplierOf('Regular', [
      [listed, 2],
      [added, 3],
    ]);
    const draft = await h.order({ channelId: supplier, warehouseId: wh, lines: [{ variantId: listed, quantity: 2 }] });
    await level(listed, wh, 0, 10, 10);
    await level(added, wh, 1, 4);

    const res = await bulk({ warehouseId: wh });
    expect(res.status).toBe(201);
    expect(res.body.created).toEqual([]);
    expect(res.body.updated).toEqual([
      expect.objectContaining({
        purchaseOrderId: draft.id,
        orderNumber: draft.orderNumber,
        lines: expect.arrayContaining([
          expect.objectContaining({ lineId: draft.lines[0].id, variantId: listed, quantity: 8 }),
          expect.objectContaining({ variantId: added, quantity: 3, unitCost: 3 }),
        ]),
      }),
    ]);
    const after = (await h.request('GET', `/purchase-orders/${draft.id}`)).body;
    expect(after.status).toBe('DRAFT');
    expect(after.lines).toEqual([
      expect.objectContaining({ id: draft.lines[0].id, variantId: listed, quantity: 10 }),
      expect.objectContaining({ variantId: added, quantity: 3 }),
    ]);
  });

  it('creates nothing the second time: the first run and submitted orders count as on order', async () => {
    const wh = await h.warehouse('Twice');
    const [a, b] = [await h.variant({ name: 'A' }), await h.variant({ name: 'B' })];
    const supplier = await supplierOf('Steady', [
      [a, 1],
      [b, 1],
    ]);
    const submitted = await h.order({ channelId: supplier, warehouseId: wh, lines: [{ variantId: b, quantity: 4 }] });
    expect((await h.request('POST', `/purchase-orders/${submitted.id}/submit`)).status).toBe(201);
    await level(a, wh, 0, 5, 8);
    await level(b, wh, 0, 3, 8);

    const first = await bulk({ warehouseId: wh });
    expect(first.body.created).toHaveLength(1);
    expect(first.body.created[0].lines).toEqual([expect.objectContaining({ variantId: a, quantity: 8 })]);
    expect(first.body.skipped).toEqual([{ variantId: b, warehouseId: wh, reason: 'already_covered' }]);

    const second = await bulk({ warehouseId: wh });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ created: [], updated: [] });
    expect(second.body.skipped).toEqual(
      expect.arrayContaining([
        { variantId: a, warehouseId: wh, reason: 'already_covered' },
        { variantId: b, warehouseId: wh, reason: 'already_covered' },
      ]),
    );
  });

  it('counts only the open quantity of a partially received order', async () => {
    const wh = await h.warehouse('Partial');
    const v = await h.variant({ name: 'Partial', cost: 1 });
    const supplier = await supplierOf('Partly', [[v, 1]]);
    const po = await h.order({ channelId: supplier, warehouseId: wh, lines: [{ variantId: v, quantity: 10 }] });
    await h.request('POST', `/purchase-orders/${po.id}/submit`);
    expect((await h.receive(po.id, po.lines[0].id, { quantity: 6 })).status).toBe(201);
    // 6 on hand, 4 still on order: 10 projected, below 12.
    await level(v, wh, 0, 12, 15);

    const res = await bulk({ warehouseId: wh });
    expect(res.body.created[0].lines).toEqual([expect.objectContaining({ variantId: v, quantity: 5 })]);
  });

  it('writes nothing in a dry run, and answers what it would order', async () => {
    const wh = await h.warehouse('Dry');
    const v = await h.variant({ name: 'Dry' });
    const supplier = await supplierOf('Dry Goods', [[v, 2]]);
    await level(v, wh, 0, 2, 6);

    const dry = await bulk({ warehouseId: wh, dryRun: true });
    expect(dry.status).toBe(201);
    expect(dry.body).toMatchObject({ dryRun: true, updated: [], skipped: [] });
    expect(dry.body.created).toEqual([
      {
        purchaseOrderId: null,
        orderNumber: null,
        channelId: supplier,
        warehouseId: wh,
        lines: [{ lineId: null, variantId: v, supplierSku: expect.any(String), quantity: 6, unitCost: 2 }],
      },
    ]);
    expect((await h.request('GET', `/purchase-orders?channelId=${supplier}`)).body.total).toBe(0);

    const real = await bulk({ warehouseId: wh });
    expect(real.body.created).toHaveLength(1);
    expect((await h.request('GET', `/purchase-orders?channelId=${supplier}`)).body.total).toBe(1);
  });

  it('orders for the warehouse named only; an unknown warehouse is 422 unknown_warehouse', async () => {
    const [one, two] = [await h.warehouse('One'), await h.warehouse('Two')];
    const v = await h.variant({ name: 'Both' });
    const supplier = await supplierOf('Split', [[v, 1]]);
    await level(v, one, 0, 2, 4);
    await level(v, two, 0, 2, 4);

    const res = await bulk({ warehouseId: one });
    expect(res.body.created).toEqual([expect.objectContaining({ channelId: supplier, warehouseId: one })]);
    expect((await h.request('GET', `/purchase-orders?channelId=${supplier}`)).body.total).toBe(1);

    const unknown = await bulk({ warehouseId: 'wh_nowhere' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('unknown_warehouse');
  });

  it('refuses an unknown field with 400 validation_failed', async () => {
    const res = await bulk({ dryRun: 'yes', limit: 5 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it("orders the quantities given (reorder suggestions) as given, from each one's supplier", async () => {
    const [east, west] = [await h.warehouse('Lines East'), await h.warehouse('Lines West')];
    const [a, b, orphan] = [
      await h.variant({ name: 'Lines A' }),
      await h.variant({ name: 'Lines B' }),
      await h.variant({ name: 'Lines Orphan' }),
    ];
    const supplier = await supplierOf('Lines Supplier', [
      [a, 4, true],
      [b, 2.5],
    ]);
    // A reorder level that would order 9 of `a` into east: the lines say 3, and no level is read.
    await level(a, east, 1, 5, 10);
    const lines = [
      { variantId: a, warehouseId: east, quantity: 3 },
      { variantId: b, warehouseId: east, quantity: 1.5 },
      { variantId: a, warehouseId: west, quantity: 7 },
      { variantId: orphan, warehouseId: west, quantity: 2 },
      { variantId: 'var_gone', warehouseId: west, quantity: 1 },
    ];

    const dry = await bulk({ lines, dryRun: true });
    expect(dry.status).toBe(201);
    expect((await h.request('GET', `/purchase-orders?channelId=${supplier}`)).body.total).toBe(0);

    const res = await bulk({ lines });
    expect(res.status).toBe(201);
    const line = (variantId: string, quantity: number, unitCost: number) => ({
      lineId: expect.any(String),
      variantId,
      supplierSku: expect.any(String),
      quantity,
      unitCost,
    });
    expect(res.body).toMatchObject({ dryRun: false, updated: [], examined: 5, next: null });
    expect(res.body.created).toEqual([
      expect.objectContaining({ channelId: supplier, warehouseId: east, lines: [line(a, 3, 4), line(b, 1.5, 2.5)] }),
      expect.objectContaining({ channelId: supplier, warehouseId: west, lines: [line(a, 7, 4)] }),
    ]);
    expect(res.body.skipped).toEqual([
      { variantId: orphan, warehouseId: west, reason: 'no_source' },
      { variantId: 'var_gone', warehouseId: west, reason: 'unknown_variant' },
    ]);
    expect(dry.body.created.map((o: { lines: unknown[] }) => o.lines.length)).toEqual([2, 1]);

    // The same lines again add to the DRAFTs they made: they are ordered as given, not against what is on order.
    const again = await bulk({ lines: lines.slice(0, 1) });
    expect(again.body.updated).toEqual([expect.objectContaining({ warehouseId: east, lines: [line(a, 3, 4)] })]);
    const po = await h.request('GET', `/purchase-orders/${again.body.updated[0].purchaseOrderId}`);
    expect(po.body.lines).toEqual(expect.arrayContaining([expect.objectContaining({ variantId: a, quantity: 6 })]));
  });

  it.each([
    ['with warehouseId', { warehouseId: 'wh_x' }],
    ['with after', { after: 'lvl_x' }],
    ['a pair twice', { extra: [{ variantId: 'var_1', warehouseId: 'wh_1', quantity: 1 }] }],
    ['a quantity of 0', { extra: [{ variantId: 'var_2', warehouseId: 'wh_1', quantity: 0 }] }],
    ['no lines', { empty: true }],
  ])('refuses lines %s with 400 validation_failed', async (_, { extra, empty, ...rest }: Record<string, unknown>) => {
    const lines = empty
      ? []
      : [{ variantId: 'var_1', warehouseId: 'wh_1', quantity: 1 }, ...((extra as object[]) ?? [])];
    const res = await bulk({ lines, ...rest });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('refuses lines into an unknown warehouse with 422 unknown_warehouse, ordering none of them', async () => {
    const wh = await h.warehouse('Lines Known');
    const v = await h.variant({ name: 'Lines Known' });
    const supplier = await supplierOf('Lines Known Supplier', [[v, 1]]);
    const res = await bulk({
      lines: [
        { variantId: v, warehouseId: wh, quantity: 1 },
        { variantId: v, warehouseId: 'wh_nowhere', quantity: 1 },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unknown_warehouse');
    expect((await h.request('GET', `/purchase-orders?channelId=${supplier}`)).body.total).toBe(0);
  });

  it('covers every warehouse without a body', async () => {
    const wh = await h.warehouse('Anywhere');
    const v = await h.variant({ name: 'Anywhere' });
    const supplier = await supplierOf('Everywhere', [[v, 1]]);
    await level(v, wh, 0, 1, 3);

    const res = await h.request('POST', PATH);
    expect(res.status).toBe(201);
    expect(res.body.created).toEqual(
      expect.arrayContaining([expect.objectContaining({ channelId: supplier, warehouseId: wh })]),
    );
    expect(res.body.next).toBeNull();
  });

  it('answers 503 dependency_unavailable while inventory is down', async () => {
    const down = await startService(purchasing, {
      orgId: ORG,
      permissions: ['pos.write'],
      env: { CATALOG_URL: h.catalog.url, INVENTORY_URL: CLOSED },
    });
    try {
      const res = await down.request('POST', PATH, {});
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('dependency_unavailable');
    } finally {
      await down.close();
    }
  });
});
