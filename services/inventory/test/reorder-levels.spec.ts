import {
  decodeAfter,
  encodeAfter,
  hasReorderPoint,
  isAfter,
  pageOf,
  pairsOf,
  PAST,
  reorderLevelAt,
} from '../src/domain/reorder-levels';
import { decision } from '../src/domain/level-change';
import { at, codeOf, level } from './support/builders';

describe("a warehouse's reorder point", () => {
  const l = level(
    [
      { ...at('wh_a', null, 10), minQuantity: 5 },
      { ...at('wh_a', 'bin_1', 4), minQuantity: 2, maxQuantity: 20 },
      { ...at('wh_a', 'bin_2', 1), minQuantity: null, maxQuantity: null },
      at('wh_b', null, 3),
      { ...at('wh_c', null, 0), maxQuantity: 8 },
    ],
    { reserved: 3, reservations: [{ warehouseId: 'wh_a', quantity: 3 }] },
  );

  it('sums the min and max of the rows that set them, over the whole warehouse on hand less its holds', () => {
    expect(reorderLevelAt(l, 'wh_a')).toEqual({
      variantId: 'var_1',
      warehouseId: 'wh_a',
      onHand: 15,
      reserved: 3,
      available: 12,
      minQuantity: 7,
      maxQuantity: 20,
    });
    expect(reorderLevelAt(l, 'wh_c')).toMatchObject({ minQuantity: null, maxQuantity: 8, available: 0 });
  });

  it('lists the warehouses with a reorder point, or every warehouse with a row', () => {
    const ids = (only: Parameters<typeof pairsOf>[1]) => pairsOf(l, only).map((p) => p.warehouseId);
    expect(ids({ withReorderPoint: true })).toEqual(['wh_a', 'wh_c']);
    expect(ids({ withReorderPoint: false })).toEqual(['wh_a', 'wh_b', 'wh_c']);
    expect(ids({ withReorderPoint: false, warehouseId: 'wh_b' })).toEqual(['wh_b']);
    expect(ids({ withReorderPoint: true, warehouseId: 'wh_b' })).toEqual([]);
  });

  it('is derived onto the level by every change', () => {
    expect(hasReorderPoint(l.locations)).toBe(true);
    expect(hasReorderPoint([at('wh_a', null, 1)])).toBe(false);
    const cleared = decision(l, { locations: [at('wh_a', null, 1)], events: [] });
    expect(cleared.state!.hasReorderPoint).toBe(false);
    expect(decision(level([]), { events: [] }).state!.hasReorderPoint).toBe(false);
  });
});

describe('reorder-level pages', () => {
  const row = (variantId: string, warehouseId: string) => ({ ...reorderLevelAt(level([]), warehouseId), variantId });

  it('ends a full page at its last pair, else where the levels read end (or nowhere)', () => {
    const rows = [row('v1', 'w1'), row('v1', 'w2'), row('v2', 'w1')];
    expect(pageOf(rows, 2, undefined).next).toBe('v1/w2');
    expect(pageOf(rows, 3, { variantId: 'v2', warehouseId: PAST })).toEqual({ data: rows, next: `v2/${PAST}` });
    expect(pageOf(rows, 3, undefined).next).toBeNull();
  });

  it('orders pairs by variant then warehouse; past a variant is after all its warehouses', () => {
    expect(isAfter({ variantId: 'v1', warehouseId: 'w2' }, { variantId: 'v1', warehouseId: 'w1' })).toBe(true);
    expect(isAfter({ variantId: 'v1', warehouseId: 'w9' }, { variantId: 'v1', warehouseId: PAST })).toBe(false);
    expect(isAfter({ variantId: 'v2', warehouseId: 'w0' }, { variantId: 'v1', warehouseId: PAST })).toBe(true);
  });

  it('reads back its cursors, and refuses others as 400 validation_failed', () => {
    const long = { variantId: 'v'.repeat(128), warehouseId: 'w'.repeat(128) };
    expect(encodeAfter(long).length).toBeLessThanOrEqual(300);
    expect(decodeAfter(encodeAfter(long))).toEqual(long);
    expect(decodeAfter(`v1/${PAST}`)).toEqual({ variantId: 'v1', warehouseId: PAST });
    for (const bad of ['', 'v1', 'v1/', '/w1', 'v1/w1/x', 'v 1/w1', `${PAST}/w1`]) {
      expect(codeOf(() => decodeAfter(bad))).toBe('validation_failed');
    }
  });
});
