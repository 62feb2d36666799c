import { reservedAsOf, reservedChanges } from '../src/domain/reserved-history';

const level = (...held: [string, number][]) => ({
  reservations: held.map(([warehouseId, quantity]) => ({ warehouseId, quantity })),
});

describe('the reservation ledger: what a change moved, and what was reserved on a moment', () => {
  it('gives each warehouse whose reserved quantity moved, with what is reserved there after it', () => {
    expect(reservedChanges(null, level(['wh_a', 3]))).toEqual([{ warehouseId: 'wh_a', reserved: 3 }]);
    expect(reservedChanges(level(['wh_a', 3], ['wh_b', 1]), level(['wh_a', 3], ['wh_c', 2]))).toEqual([
      { warehouseId: 'wh_b', reserved: 0 },
      { warehouseId: 'wh_c', reserved: 2 },
    ]);
    // An adjust or a receipt moves no hold: no row.
    expect(reservedChanges(level(['wh_a', 3]), level(['wh_a', 3]))).toEqual([]);
    expect(reservedChanges(null, { reservations: undefined })).toEqual([]);
  });

  it("takes each warehouse's row of the highest version, whatever the order of their dates", () => {
    const rows = [
      { warehouseId: 'wh_a', version: 3, reserved: 5 },
      { warehouseId: 'wh_a', version: 5, reserved: 1 },
      { warehouseId: 'wh_a', version: 4, reserved: 7 },
      { warehouseId: 'wh_b', version: 2, reserved: 0 },
    ];
    expect(reservedAsOf(rows)).toEqual(
      new Map([
        ['wh_a', 1],
        ['wh_b', 0],
      ]),
    );
    expect(reservedAsOf([])).toEqual(new Map());
  });
});
