import { applyCount, assertDistinctLines } from '../src/domain/count-stock';
import { moveStock } from '../src/domain/move-stock';
import { OPERATION_WINDOW, remember } from '../src/domain/operations';
import { setPrimaryBin, updateStockItem } from '../src/domain/stock-item';
import { deductStock, receiveStock, releaseStock, reserveStock } from '../src/domain/stock-operations';
import { at, codeOf, ids, level, now } from './support/builders';

const availability = (events: { name: string; payload: Record<string, unknown> }[]) =>
  events
    .filter((e) => e.name === 'inventory.availability_changed')
    .map((e) => [e.payload.oldAvailable, e.payload.newAvailable]);

describe('moveStock', () => {
  it('relocates within the warehouse without an availability event', () => {
    const change = moveStock(
      level([at('wh_a', null, 4)]),
      { variantId: 'var_1', warehouseId: 'wh_a', fromBinId: null, toBinId: 'bin_1', quantity: 4 },
      'mv_1',
      ids,
      now,
    );
    expect(change.locations).toEqual(expect.arrayContaining([at('wh_a', null, 0), at('wh_a', 'bin_1', 4)]));
    expect(availability(change.events)).toEqual([]);
  });

  it('refuses the same bin (same_bin) and more than the source holds (insufficient_stock)', () => {
    const l = level([at('wh_a', 'bin_1', 2)]);
    expect(
      codeOf(() =>
        moveStock(
          l,
          { variantId: 'var_1', warehouseId: 'wh_a', fromBinId: 'bin_1', toBinId: 'bin_1', quantity: 1 },
          'm',
          ids,
          now,
        ),
      ),
    ).toBe('same_bin');
    expect(
      codeOf(() =>
        moveStock(
          l,
          { variantId: 'var_1', warehouseId: 'wh_a', fromBinId: 'bin_1', toBinId: null, quantity: 3 },
          'm',
          ids,
          now,
        ),
      ),
    ).toBe('insufficient_stock');
  });
});

describe('reservations, receipts and sales', () => {
  const key = { operationKey: 'op_1', variantId: 'var_1', warehouseId: 'wh_a' };

  it('reserves per warehouse up to its available quantity and reports the availability change', () => {
    const l = level([at('wh_a', null, 5), at('wh_b', null, 10)]);
    const change = reserveStock(l, { ...key, quantity: 5 }, now);
    expect(change).toMatchObject({ reserved: 5, reservations: [{ warehouseId: 'wh_a', quantity: 5 }] });
    expect(availability(change.events)).toEqual([[15, 10]]);
    expect(codeOf(() => reserveStock(l, { ...key, quantity: 6 }, now))).toBe('insufficient_available');
  });

  it('releases no more than is held (insufficient_reserved)', () => {
    const l = level([at('wh_a', null, 5)], { reserved: 2, reservations: [{ warehouseId: 'wh_a', quantity: 2 }] });
    expect(releaseStock(l, { ...key, quantity: 2 }, now)).toMatchObject({ reserved: 0, reservations: [] });
    expect(codeOf(() => releaseStock(l, { ...key, quantity: 3 }, now))).toBe('insufficient_reserved');
  });

  it('receives into the primary bin unless a bin (or null) is named', () => {
    const l = level([], { primaryBins: [{ warehouseId: 'wh_a', binId: 'bin_p' }] });
    expect(receiveStock(l, { ...key, quantity: 2 }, ids, now).movements![0]).toMatchObject({
      type: 'RECEIPT',
      binId: 'bin_p',
      quantity: 2,
    });
    expect(receiveStock(l, { ...key, quantity: 2, binId: null }, ids, now).movements![0]!.binId).toBeNull();
  });

  it('deducts a SALE and consumes the hold, so available is unchanged', () => {
    const l = level([at('wh_a', 'bin_1', 5)], { reserved: 2, reservations: [{ warehouseId: 'wh_a', quantity: 2 }] });
    const change = deductStock(l, { ...key, quantity: 2, fromReserved: true }, ids, now);
    expect(change).toMatchObject({ reserved: 0 });
    expect(change.movements![0]).toMatchObject({ type: 'SALE', binId: 'bin_1', quantity: -2, onHandAfter: 3 });
    expect(availability(change.events)).toEqual([]);
    expect(change.operations!.map((o) => o.key)).toEqual(['op_1']);
  });

  it('keeps only the last OPERATION_WINDOW keys on the level', () => {
    const many = Array.from({ length: OPERATION_WINDOW }, (_, i) => ({ key: `k${i}`, at: now }));
    const kept = remember(level([], { operations: many }), 'new', now);
    expect(kept).toHaveLength(OPERATION_WINDOW);
    expect(kept[0]!.key).toBe('k1');
    expect(kept.at(-1)!.key).toBe('new');
  });
});

describe('counts', () => {
  const lines = [
    { variantId: 'var_1', binId: null, countedQuantity: 3 },
    { variantId: 'var_1', binId: 'bin_1', countedQuantity: 4 },
  ];

  it('sets each location to its counted quantity with a COUNT movement per difference', () => {
    const change = applyCount(
      level([at('wh_a', null, 5), at('wh_a', 'bin_1', 4)]),
      'wh_a',
      lines,
      'cnt_1',
      'Q1',
      ids,
      now,
    );
    expect(change.movements!.map((m) => [m.type, m.binId, m.quantity, m.onHandAfter])).toEqual([
      ['COUNT', null, -2, 3],
    ]);
    expect(change.results.map((r) => [r.difference, r.applied, r.movementId])).toEqual([
      [-2, true, 'mov_0'],
      [0, true, null],
    ]);
  });

  it('applies a count id once', () => {
    const counted = level([at('wh_a', null, 5)], { operations: [{ key: 'count:cnt_1', at: now }] });
    const again = applyCount(counted, 'wh_a', lines, 'cnt_1', 'Q1', ids, now);
    expect(again.events).toEqual([]);
    expect(again.locations).toBeUndefined();
    expect(again.results.every((r) => !r.applied)).toBe(true);
  });

  it('refuses the same variant and location twice (duplicate_count_line)', () => {
    expect(codeOf(() => assertDistinctLines([lines[0]!, { ...lines[0]!, countedQuantity: 9 }]))).toBe(
      'duplicate_count_line',
    );
  });
});

describe('stock item settings', () => {
  it('sets min/max of one row without touching on hand, refusing min above max', () => {
    const l = level([at('wh_a', 'bin_1', 7)]);
    expect(updateStockItem(l, { warehouseId: 'wh_a', binId: 'bin_1' }, { minQuantity: 2 }).locations).toEqual([
      { ...at('wh_a', 'bin_1', 7), minQuantity: 2, maxQuantity: null },
    ]);
    expect(
      codeOf(() => updateStockItem(l, { warehouseId: 'wh_a', binId: 'bin_1' }, { minQuantity: 5, maxQuantity: 4 })),
    ).toBe('min_above_max');
  });

  it('keeps one primary bin per warehouse and clears it with null', () => {
    const l = level([], {
      primaryBins: [
        { warehouseId: 'wh_a', binId: 'bin_1' },
        { warehouseId: 'wh_b', binId: 'bin_9' },
      ],
    });
    expect(setPrimaryBin(l, 'wh_a', 'bin_2').primaryBins).toEqual([
      { warehouseId: 'wh_b', binId: 'bin_9' },
      { warehouseId: 'wh_a', binId: 'bin_2' },
    ]);
    expect(setPrimaryBin(l, 'wh_a', null).primaryBins).toEqual([{ warehouseId: 'wh_b', binId: 'bin_9' }]);
  });
});
