import { transferStock } from '../src/domain/transfer-stock';
import { at, codeOf, ids, level, now } from './support/builders';

describe('transferStock', () => {
  const input = { variantId: 'var_1', fromWarehouseId: 'wh_a', toWarehouseId: 'wh_b', quantity: 3 };

  it('moves stock to the destination Unassigned location as an OUT/IN pair with one reference', () => {
    const change = transferStock(level([at('wh_a', 'bin_1', 5)]), { ...input, notes: 'n' }, 'trf_1', ids, now, 'FIFO');
    expect(change.locations).toEqual(expect.arrayContaining([at('wh_a', 'bin_1', 2), at('wh_b', null, 3)]));
    expect(change.movements!.map((m) => [m.type, m.quantity, m.reference, m.reason])).toEqual([
      ['TRANSFER_OUT', -3, 'trf_1', 'Transfer to wh_b: n'],
      ['TRANSFER_IN', 3, 'trf_1', 'Transfer from wh_a: n'],
    ]);
    expect(change.events.map((e) => e.name)).toEqual(['stock.movement_recorded', 'stock.movement_recorded']);
  });

  it('refuses the same warehouse (same_warehouse) and a short source location (insufficient_stock)', () => {
    expect(
      codeOf(() =>
        transferStock(level([at('wh_a', null, 5)]), { ...input, toWarehouseId: 'wh_a' }, 't', ids, now, 'FIFO'),
      ),
    ).toBe('same_warehouse');
    expect(
      codeOf(() =>
        transferStock(level([at('wh_a', 'bin_1', 2), at('wh_a', 'bin_2', 2)]), input, 't', ids, now, 'FIFO'),
      ),
    ).toBe('insufficient_stock');
  });
});
