import { AppError, unprocessable } from '@stockyard/service-kit';

export const csvHeaderMissing = () =>
  unprocessable(
    'The CSV has no header row with a "sku" column (columns: sku,name,cost,availableQuantity,upc)',
    'csv_header_missing',
  );
export const importTooLarge = (maxBytes: number) =>
  new AppError('unprocessable', `The feed is larger than ${maxBytes} bytes`, 'import_too_large');
export const unsupportedImportBody = () =>
  new AppError(
    'bad_request',
    'Send the feed as Content-Type: text/csv, or {"url": ...} as application/json',
    'unsupported_content_type',
  );
/** A worker found its job claimed by another (its lease ran out): it stops without writing. */
export class LeaseLost extends Error {
  constructor(jobId: string) {
    super(`import ${jobId}: lease lost`);
  }
}
