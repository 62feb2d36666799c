import { asCaller, eventually, sendAcrossCrash, json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

describe('POST /stock/adjust', () => {
  let inv: Inventory;
  let wh: string;
  beforeAll(async () => {
    inv = await startInventory('org_adjust');
    // The catalog variants this file creates stock for.
    await inv.variants(
      'var_hot',
      'var_idem',
      'var_rerun',
      'var_rerun_move',
      'var_rerun_late',
      'var_one',
      'var_one_low',
      'var_two_replicas',
      'var_y',
    );
    wh = await inv.warehouse();
  });
  afterAll(() => inv.close());

  const adjust = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    inv.request('POST', '/stock/adjust', { warehouseId: wh, reason: 'test', ...body }, { headers });

  it('applies 200 concurrent adjusts of one item exactly, one movement and one consistent event each', async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => adjust({ variantId: 'var_hot', quantity: 1 })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(201));

    const level = await inv.level('var_hot');
    expect(level?.locations).toEqual([{ warehouseId: wh, binId: null, onHand: 200 }]);
    expect(await inv.connection.collection('stock_movements').countDocuments({ variantId: 'var_hot' })).toBe(200);

    const changes = await eventually(() => {
      const mine = inv.events.filter(
        (e) => e.name === 'inventory.availability_changed' && e.payload.variantId === 'var_hot',
      );
      return mine.length >= 200 ? mine : undefined;
    }, 30_000);
    expect(changes).toHaveLength(200);
    const steps = changes
      .map((e) => [e.payload.oldAvailable, e.payload.newAvailable])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(steps).toEqual(Array.from({ length: 200 }, (_, i) => [i, i + 1]));
  }, 180_000);

  it('builds on changes another replica made in between (each process remembers the level it last wrote)', async () => {
    const other = await inv.replica();
    try {
      const here = (quantity: number) => adjust({ variantId: 'var_two_replicas', quantity });
      const there = (quantity: number) =>
        other.request('POST', '/stock/adjust', {
          variantId: 'var_two_replicas',
          warehouseId: wh,
          quantity,
          reason: 'test',
        });
      const answers = [];
      for (const [send, quantity] of [
        [here, 5],
        [there, 3],
        [here, 2],
        [there, -4],
        [here, 1],
        [here, 1],
        [there, 10],
      ] as const) {
        const res = await send(quantity);
        expect(res.status).toBe(201);
        answers.push(((await json(res)) as { onHandAfter: number }).onHandAfter);
      }
      expect(answers).toEqual([5, 8, 10, 6, 7, 8, 18]);
      expect((await inv.level('var_two_replicas'))?.locations).toEqual([{ warehouseId: wh, binId: null, onHand: 18 }]);
      expect(await inv.connection.collection('stock_movements').countDocuments({ variantId: 'var_two_replicas' })).toBe(
        7,
      );
    } finally {
      await other.close();
    }
  });

  it('answers 201 with the movement and the available quantity', async () => {
    const res = await adjust({ variantId: 'var_one', quantity: 5, reason: 'found' });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({
      type: 'ADJUSTMENT',
      variantId: 'var_one',
      warehouseId: wh,
      binId: null,
      quantity: 5,
      reason: 'found',
      onHandAfter: 5,
      available: 5,
    });
  });

  it('refuses to go below zero with 422 insufficient_stock', async () => {
    const res = await adjust({ variantId: 'var_one_low', quantity: -1 });
    expect(res.status).toBe(422);
    expect((await json(res)).error.code).toBe('insufficient_stock');
  });

  it('answers 404 for an unknown warehouse', async () => {
    const res = await adjust({ variantId: 'var_one', warehouseId: 'wh_nope', quantity: 1 });
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('resource_not_found');
  });

  it('scopes stock to the caller organization: another org cannot use this warehouse', async () => {
    const other = await fetch(`${inv.url}/api/v1/stock/adjust`, {
      method: 'POST',
      headers: asCaller('org_other', ['stock.adjust']),
      body: JSON.stringify({ variantId: 'var_hot', warehouseId: wh, quantity: -1, reason: 'x' }),
    });
    expect(other.status).toBe(404);
  });

  it('returns the first response for a retry with the same Idempotency-Key and moves stock once', async () => {
    const send = () =>
      adjust({ variantId: 'var_idem', quantity: 4, reason: 'once' }, { 'idempotency-key': 'adjust-once' });
    const first = await send();
    const second = await send();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(second)).toEqual(await json(first));
    expect((await inv.level('var_idem'))?.locations[0].onHand).toBe(4);
  });

  it('moves stock once when a keyed adjust runs again after its process died before answering', async () => {
    const send = () => adjust({ variantId: 'var_rerun', quantity: 7, reason: 'rerun' }, { 'idempotency-key': 'rerun' });
    const [first, rerun] = await sendAcrossCrash(inv.connection, 'rerun', send);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(rerun.headers.get('idempotent-replayed')).toBeNull();
    expect(await json(rerun)).toEqual(await json(first));
    expect((await inv.level('var_rerun'))?.locations[0].onHand).toBe(7);
    expect(await inv.connection.collection('stock_movements').countDocuments({ variantId: 'var_rerun' })).toBe(1);
  });

  it('moves stock once when a keyed adjust runs again after more keyed adjusts than its level keeps', async () => {
    const keyed = (key: string, quantity: number) =>
      adjust({ variantId: 'var_rerun_late', quantity, reason: 'late' }, { 'idempotency-key': key });
    const send = () => keyed('rerun-late', 5);
    const first = await send();
    for (let i = 0; i < 8; i++) expect((await keyed(`later-${i}`, 1)).status).toBe(201);
    const [, rerun] = await sendAcrossCrash(inv.connection, 'rerun-late', send); // found in stock_operations
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect((await json(rerun)).id).toBe((await json(first)).id);
    expect((await inv.level('var_rerun_late'))?.locations[0].onHand).toBe(13);
  });

  it('moves stock once when a keyed transfer runs again after its process died before answering', async () => {
    const to = await inv.warehouse();
    await adjust({ variantId: 'var_rerun_move', quantity: 10 });
    const body = { variantId: 'var_rerun_move', fromWarehouseId: wh, toWarehouseId: to, quantity: 3 };
    const send = () => inv.request('POST', '/stock/transfer', body, { headers: { 'idempotency-key': 'rerun-move' } });
    const [first, rerun] = await sendAcrossCrash(inv.connection, 'rerun-move', send);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(await json(rerun)).toEqual(await json(first));
    const level = await inv.level('var_rerun_move');
    expect(level?.locations.map((l: { onHand: number }) => l.onHand).sort()).toEqual([3, 7]);
  });

  it('answers 401 unauthenticated without the gateway identity', async () => {
    const res = await fetch(`${inv.url}/api/v1/stock/adjust`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe('unauthenticated');
  });

  it('answers 404 for stock in a bin that is not in the warehouse', async () => {
    const wh = await inv.warehouse('One');
    const other = await inv.warehouse('Two');
    const bin = await inv.bin(other, 'Elsewhere');
    const res = await inv.request('POST', '/stock/adjust', {
      variantId: 'var_y',
      warehouseId: wh,
      binId: bin,
      quantity: 1,
      reason: 'r',
    });
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('resource_not_found');
  });
});
