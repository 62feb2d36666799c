import { eventually, json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';
import { countLines, seedStockCounts } from './support/stock-counts';

describe('POST /warehouses/{id}/stock/count/apply', () => {
  let inv: Inventory;
  let wh: string;
  let bin: string;
  beforeAll(async () => {
    inv = await startInventory('org_count_apply');
    // The catalog variants this file creates stock for.
    await inv.variants('var_c1', 'var_c2', 'var_c3', 'var_c4');
    ({ wh, bin } = await seedStockCounts(inv));
  });
  afterAll(() => inv.close());

  const lines = () => countLines(bin);

  it('applies COUNT movements for the differences, and the same count applied again moves nothing', async () => {
    const apply = () =>
      inv.request('POST', `/warehouses/${wh}/stock/count/apply`, { countId: 'cnt-2026-q1', lines: lines() });
    const first = await apply();
    expect(first.status).toBe(201);
    const results = await json(first);
    expect(results.map((r: { difference: number; applied: boolean }) => [r.difference, r.applied])).toEqual([
      [-2, true],
      [0, true],
      [2, true],
      [2, true],
    ]);
    expect(results[1].movementId).toBeNull();
    expect(results[0].movementId).toMatch(/^mov_/);

    await inv.adjust('var_c2', wh, -1); // stock moves between the two applies (a sale, say)
    const second = await json(await apply());
    expect(second.every((r: { applied: boolean }) => r.applied === false)).toBe(true);

    const counts = await json(await inv.request('GET', '/stock/movements?type=COUNT'));
    expect(counts.total).toBe(3);
    expect(counts.data.every((m: { reference: string }) => m.reference === 'cnt-2026-q1')).toBe(true);
    expect((await inv.level('var_c2'))?.locations[0].onHand).toBe(4);
    const events = await eventually(() => {
      const e = inv.events.filter(
        (x) => x.name === 'inventory.availability_changed' && x.payload.variantId === 'var_c3',
      );
      return e.length ? e : undefined;
    });
    expect(events.map((e) => [e.payload.oldAvailable, e.payload.newAvailable])).toEqual([[0, 2]]);
  });

  it('uses the Idempotency-Key as the count id when none is given', async () => {
    await inv.adjust('var_c4', wh, 1);
    const body = { lines: [{ variantId: 'var_c4', countedQuantity: 6 }] };
    const first = await json(
      await inv.request('POST', `/warehouses/${wh}/stock/count/apply`, body, {
        headers: { 'idempotency-key': 'count-k1' },
      }),
    );
    expect(first[0]).toMatchObject({ countId: 'idem:count-k1', difference: 5, applied: true });
    expect((await inv.level('var_c4'))?.locations[0].onHand).toBe(6);
  });

  it('rejects a variant counted twice at one location with 422 duplicate_count_line', async () => {
    const res = await inv.request('POST', `/warehouses/${wh}/stock/count/apply`, {
      lines: [
        { variantId: 'var_c1', countedQuantity: 1 },
        { variantId: 'var_c1', binId: null, countedQuantity: 2 },
      ],
    });
    expect(res.status).toBe(422);
    expect((await json(res)).error.code).toBe('duplicate_count_line');
  });

  it('rejects an empty count with 400', async () => {
    expect((await inv.request('POST', `/warehouses/${wh}/stock/count/apply`, { lines: [] })).status).toBe(400);
  });
});
