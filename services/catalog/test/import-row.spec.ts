import { columnMap, parseRow } from '../src/domain/import-row';

describe('supplier feed rows', () => {
  it('maps the known columns of a header, case-insensitively, ignoring others', () => {
    expect(columnMap(['SKU', 'Extra', ' cost ', 'availablequantity'])).toEqual({
      sku: 0,
      cost: 2,
      availableQuantity: 3,
    });
    expect(columnMap(['A-1', 'Bolt', '2.50'])).toBeUndefined();
  });

  const columns = columnMap(['sku', 'name', 'cost', 'availableQuantity', 'upc'])!;

  it('reads a row; empty cells leave their fields out', () => {
    expect(parseRow(['A-1', 'Bolt', '2.5', '10', ''], columns)).toEqual({
      ok: true,
      sku: 'A-1',
      fields: { name: 'Bolt', cost: 2.5, availableQuantity: 10 },
    });
  });

  it.each([
    ['$2.50', 'invalid_cost'],
    ['2,50', 'invalid_cost'],
    ['-1', 'invalid_cost'],
    ['2.505', 'invalid_cost'],
    ['abc', 'invalid_cost'],
  ])('rejects the cost %s (%s)', (cost, code) => {
    expect(parseRow(['A-1', 'Bolt', cost, '1', ''], columns)).toMatchObject({ ok: false, sku: 'A-1', code });
  });

  it('rejects a row without a SKU and a bad quantity', () => {
    expect(parseRow(['', 'Bolt', '1', '1', ''], columns)).toMatchObject({ ok: false, code: 'missing_sku' });
    expect(parseRow(['A-1', 'Bolt', '1', 'many', ''], columns)).toMatchObject({ ok: false, code: 'invalid_quantity' });
  });
});
