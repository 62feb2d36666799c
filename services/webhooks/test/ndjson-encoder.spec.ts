import { ndjsonEncoder } from '../src/domain/ndjson-encoder';
import { purchaseOrderRecord } from './support/export-records';

const linesOf = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

describe('the NDJSON encoder', () => {
  it('writes one JSON object per record and line, as the record is', () => {
    const records = [purchaseOrderRecord(), purchaseOrderRecord({ id: 'po_2', notes: 'a\nb' })];
    const text = ndjsonEncoder(null).encode(records);
    expect(text.split('\n')).toHaveLength(3); // two lines and the newline ending the last
    expect(linesOf(text)).toEqual(records);
  });

  it('writes only the fields asked for, in their order', () => {
    const text = ndjsonEncoder(['total', 'orderNumber']).encode([purchaseOrderRecord()]);
    expect(text).toBe('{"total":15,"orderNumber":"PO-1"}\n');
  });

  it('starts a file with nothing', () => {
    expect(ndjsonEncoder(null).head()).toBe('');
  });
});
