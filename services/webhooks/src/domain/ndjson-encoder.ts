type ExportRecord = Readonly<Record<string, unknown>>;

/** Only `fields`, in their order (a field the record leaves out stays out). */
const picker = (fields: readonly string[] | null) =>
  fields
    ? (record: ExportRecord) => Object.fromEntries(fields.map((f) => [f, record[f]]))
    : (record: ExportRecord) => record;

/** NDJSON: one JSON object per record and line, as the API answers the record (dates ISO 8601). */
export function ndjsonEncoder(fields: readonly string[] | null) {
  const pick = picker(fields);
  return {
    contentType: 'application/x-ndjson',
    head: () => '',
    encode: (records: readonly ExportRecord[]) => records.map((r) => `${JSON.stringify(pick(r))}\n`).join(''),
  };
}
