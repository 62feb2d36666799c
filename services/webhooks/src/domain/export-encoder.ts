import { EXPORT_SOURCES, type ExportFormat, type ExportResource } from '@stockyard/contracts';
import { csvEncoder } from './csv-encoder';
import { ndjsonEncoder } from './ndjson-encoder';

/** Turns pages of records into a file's text: pure, a page at a time, so a file of any size streams. */
export interface ExportEncoder {
  contentType: string;
  /** What the file starts with (the CSV header; nothing for NDJSON). */
  head(): string;
  encode(records: readonly Readonly<Record<string, unknown>>[]): string;
}

export function encoderFor(job: {
  resource: ExportResource;
  format: ExportFormat;
  fields: string[] | null;
}): ExportEncoder {
  if (job.format === 'ndjson') return ndjsonEncoder(job.fields);
  return csvEncoder(EXPORT_SOURCES[job.resource].record, job.fields);
}
