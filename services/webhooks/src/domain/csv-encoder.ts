import { stringify, type Options } from 'csv-stringify/sync';
import type { z } from 'zod';
import { csvCell } from './csv-cell';
import { columnsOf, LINES, type Column } from './record-columns';

type ExportRecord = Readonly<Record<string, unknown>>;

/**
 * RFC 4180: CRLF between records, and a field quoted when it holds a comma, a quote or a line
 * break; csv-stringify quotes the first two and its own delimiter (CRLF), so a lone LF or CR
 * is matched here.
 */
const RFC_4180: Options = { record_delimiter: 'windows', quoted_match: /[\r\n]/ };

const valueAt = (from: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (value, key) => (value === null || typeof value !== 'object' ? undefined : (value as ExportRecord)[key]),
    from,
  );

/** A record's rows: one per line when it has lines (its own columns repeated), else one. */
function rowsOf(record: ExportRecord, columns: readonly Column[], expands: boolean): string[][] {
  const lines = expands ? record[LINES] : undefined;
  const each: unknown[] = Array.isArray(lines) && lines.length > 0 ? lines : [undefined];
  return each.map((line) => columns.map((c) => csvCell(valueAt(c.inLine ? line : record, c.path))));
}

/**
 * CSV of one resource's records (services/webhooks/README.md, Exports): a header from the
 * record's schema (columnsOf), then each record's rows, cells as csvCell writes them.
 */
export function csvEncoder(record: z.ZodObject, fields: readonly string[] | null) {
  const columns = columnsOf(record, fields);
  const expands = columns.some((c) => c.inLine);
  return {
    contentType: 'text/csv; charset=utf-8',
    head: () => stringify([columns.map((c) => c.name)], RFC_4180),
    encode: (records: readonly ExportRecord[]) =>
      stringify(
        records.flatMap((r) => rowsOf(r, columns, expands)),
        RFC_4180,
      ),
  };
}
