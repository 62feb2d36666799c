import {
  BIN_NOT_NAMED,
  differingParams,
  OPERATION_WINDOW,
  paramsOf,
  remember,
  signatureOf,
} from '../src/domain/operations';
import { deductStock, receiveStock, releaseStock, reserveStock } from '../src/domain/stock-operations';
import { at, availability, codeOf, ids, level, now } from './support/builders';

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
    expect(receiveStock(l, { ...key, quantity: 2 }, ids, now, 'FIFO').movements![0]).toMatchObject({
      type: 'RECEIPT',
      binId: 'bin_p',
      quantity: 2,
    });
    expect(receiveStock(l, { ...key, quantity: 2, binId: null }, ids, now, 'FIFO').movements![0]!.binId).toBeNull();
  });

  it('deducts a SALE and consumes the hold, so available is unchanged', () => {
    const l = level([at('wh_a', 'bin_1', 5)], { reserved: 2, reservations: [{ warehouseId: 'wh_a', quantity: 2 }] });
    const change = deductStock(l, { ...key, quantity: 2, fromReserved: true }, ids, now, 'FIFO');
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

  it('keeps an internal operation’s parameters beside its key: a bin not named differs from Unassigned', () => {
    const change = receiveStock(level([]), { ...key, quantity: 2 }, ids, now, 'FIFO');
    const asked = paramsOf('receive', { ...key, quantity: 2 });
    expect(asked.binId).toBe(BIN_NOT_NAMED);
    expect(change.operations).toEqual([{ key: 'op_1', at: now, sig: signatureOf(asked) }]);
    expect(signatureOf(paramsOf('receive', { ...key, quantity: 2, binId: null }))).not.toBe(signatureOf(asked));
    expect(signatureOf(paramsOf('receive', { ...key, quantity: 3 }))).not.toBe(signatureOf(asked));
  });

  it('compares only the parameters a record of the key has (an old one: kind and variant)', () => {
    const asked = paramsOf('deduct', { ...key, quantity: 2, fromReserved: false });
    expect(differingParams({ kind: 'deduct', variantId: 'var_1' }, asked)).toEqual([]);
    expect(differingParams({ kind: 'receive', variantId: 'var_1' }, asked)).toEqual([
      { field: 'kind', was: 'receive' },
    ]);
    expect(differingParams({ ...asked, quantity: 3, fromReserved: true }, asked)).toEqual([
      { field: 'quantity', was: 3 },
      { field: 'fromReserved', was: true },
    ]);
  });
});
