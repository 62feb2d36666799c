import { EXPORT_SOURCES } from '@stockyard/contracts';
import { parse } from 'csv-parse/sync';
import { csvEncoder } from '../src/domain/csv-encoder';
import { purchaseOrderRecord } from './support/export-records';

/** The encoder's file read back as a CSV reader would: the header's names, then records by column name. */
function readBack(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...rows] = parse(text);
  return { header, rows: rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]!]))) };
}

const fileOf = (encoder: ReturnType<typeof csvEncoder>, records: Record<string, unknown>[]) =>
  encoder.head() + encoder.encode(records);

describe('the CSV encoder', () => {
  const purchaseOrders = () => csvEncoder(EXPORT_SOURCES.purchase_orders.record, null);

  it('writes RFC 4180: CRLF between records, commas, quotes and line breaks quoted and read back intact', () => {
    const encoder = csvEncoder(EXPORT_SOURCES.audit_events.record, ['id', 'errorCode']);
    const values = ['a,b', 'say "hi"', 'one\ntwo', 'cr\ralone', 'crlf\r\nhere', ' padded '];
    const text = fileOf(
      encoder,
      values.map((errorCode, i) => ({ id: `evt_${i}`, errorCode })),
    );
    expect(text.startsWith('id,errorCode\r\n')).toBe(true);
    expect(text).toContain('"say ""hi"""');
    expect(readBack(text).rows.map((r) => r.errorCode)).toEqual(values);
  });

  it.each(['=SUM(A1:A2)', '+1', '-1', '@cmd', '\tTAB', '\rCR'])(
    'guards the text %j against formula injection',
    (value) => {
      const encoder = csvEncoder(EXPORT_SOURCES.audit_events.record, ['errorCode']);
      expect(readBack(fileOf(encoder, [{ errorCode: value }])).rows[0]!.errorCode).toBe(`'${value}`);
    },
  );

  it('leaves numbers and safe text as they are: a negative amount is a number, not a formula', () => {
    const encoder = csvEncoder(EXPORT_SOURCES.audit_events.record, ['errorCode', 'status', 'sequence']);
    const [row] = readBack(fileOf(encoder, [{ errorCode: 'a=b', status: -5, sequence: 7 }])).rows;
    expect(row).toEqual({ errorCode: 'a=b', status: '-5', sequence: '7' });
  });

  it('writes numbers as plain decimals, never in exponent notation', () => {
    const encoder = csvEncoder(EXPORT_SOURCES.purchase_orders.record, ['total']);
    const values = [1e-7, 1.5e-10, 1e21, 123456789012345680000, -2.5e-8, 0.1, 42];
    const rows = readBack(
      fileOf(
        encoder,
        values.map((total) => ({ total })),
      ),
    ).rows.map((r) => r.total);
    expect(rows).toEqual([
      '0.0000001',
      '0.00000000015',
      '1000000000000000000000',
      '123456789012345680000',
      '-0.000000025',
      '0.1',
      '42',
    ]);
    for (const [i, text] of rows.entries()) expect(Number(text)).toBe(values[i]);
  });

  it('writes one row per purchase-order line, the order’s columns repeated and the line’s as lines.<field>', () => {
    const { header, rows } = readBack(fileOf(purchaseOrders(), [purchaseOrderRecord()]));
    expect(header).toEqual(expect.arrayContaining(['orderNumber', 'lines.id', 'lines.sku', 'lines.quantity', 'total']));
    expect(header).not.toContain('lines');
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r.orderNumber, r.supplierName, r.notes, r['lines.id'], r['lines.quantity']])).toEqual([
      ['PO-1', 'Acme, "the best"', 'first line\nsecond line', 'l1', '4'],
      ['PO-1', 'Acme, "the best"', 'first line\nsecond line', 'l2', '2'],
    ]);
    // A line's text is guarded like any other.
    expect(rows[1]!['lines.sku']).toBe(`'=HYPERLINK("x")`);
  });

  it('writes an order without lines as one row with empty line cells', () => {
    const { rows } = readBack(fileOf(purchaseOrders(), [purchaseOrderRecord({ lines: [] })]));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderNumber: 'PO-1', 'lines.id': '', 'lines.quantity': '' });
  });

  it('writes null as an empty cell, other arrays as JSON text and dates as ISO 8601', () => {
    const encoder = csvEncoder(EXPORT_SOURCES.purchase_orders.record, [
      'warehouseId',
      'tracking',
      'createdAt',
      'expectedAt',
    ]);
    const tracking = [{ id: 'trk_1', carrier: 'DHL' }];
    const at = new Date('2026-03-01T10:00:00Z');
    const [row] = readBack(
      fileOf(encoder, [{ warehouseId: null, tracking, createdAt: at, expectedAt: '2026-04-01' }]),
    ).rows;
    expect(row).toEqual({
      warehouseId: '',
      tracking: JSON.stringify(tracking),
      createdAt: '2026-03-01T10:00:00.000Z',
      expectedAt: '2026-04-01',
    });
  });

  it('takes its header from the record’s schema: nested objects flattened, the same with no rows at all', () => {
    const audit = csvEncoder(EXPORT_SOURCES.audit_events.record, null);
    const header = readBack(audit.head()).header;
    expect(header).toEqual(expect.arrayContaining(['actor.kind', 'actor.keyId', 'request.route', 'resources']));
    expect(header).not.toContain('actor');
    expect(readBack(fileOf(audit, [])).header).toEqual(header);
    const products = csvEncoder(EXPORT_SOURCES.products.record, null);
    expect(readBack(products.head()).header).toEqual(expect.arrayContaining(['dimensions.length', 'dimensions.unit']));
  });

  it('writes only the fields asked for, in their order', () => {
    const encoder = csvEncoder(EXPORT_SOURCES.purchase_orders.record, ['total', 'orderNumber']);
    expect(fileOf(encoder, [purchaseOrderRecord()])).toBe('total,orderNumber\r\n15,PO-1\r\n');
  });
});
