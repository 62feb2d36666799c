import type { WarehouseStockRow } from '@stockyard/contracts';
import { countTemplateCsv } from '../src/domain/export-count-template';

const row = (
  variantId: string,
  sku: string | null,
  name: string | null,
  bins: [string | null, number][],
): WarehouseStockRow => ({
  variantId,
  sku,
  name,
  warehouseId: 'wh_a',
  onHand: bins.reduce((s, [, q]) => s + q, 0),
  reserved: 0,
  available: 0,
  primaryBinId: null,
  bins: bins.map(([binId, onHand]) => ({
    variantId,
    warehouseId: 'wh_a',
    binId,
    binName: binId ? `name ${binId}` : null,
    onHand,
    minQuantity: null,
    maxQuantity: null,
    isPrimary: false,
  })),
});

describe('countTemplateCsv', () => {
  const rows = [
    row('var_1', 'A,1', 'Say "hi"', [
      [null, 2],
      ['bin_1', 0],
    ]),
    row('var_2', '=cmd()', null, []),
  ];
  const names = new Map([['bin_1', 'name bin_1']]);

  it('quotes commas and quotes, neutralises formulas, and ends lines with CRLF', () => {
    const csv = countTemplateCsv(rows, 'all', true, names);
    expect(csv.split('\r\n')).toEqual([
      'variantId,sku,name,binId,binName,onHand,countedQuantity',
      'var_1,"A,1","Say ""hi""",,,2,',
      'var_1,"A,1","Say ""hi""",bin_1,name bin_1,0,',
      "var_2,'=cmd(),,,,0,",
      '',
    ]);
  });

  it('leaves out empty locations without includeEmpty and keeps to the scope', () => {
    expect(countTemplateCsv(rows, 'all', false, names).split('\r\n')).toHaveLength(3);
    expect(countTemplateCsv(rows, 'bin_1', true, names).split('\r\n').slice(1, -1)).toEqual([
      'var_1,"A,1","Say ""hi""",bin_1,name bin_1,0,',
      "var_2,'=cmd(),,bin_1,name bin_1,0,",
    ]);
  });
});
