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
    'unsupported_media_type',
    'Send the feed as Content-Type: text/csv, or {"url": ...} as application/json',
    'unsupported_content_type',
  );
/** The sweep failed an upload while it was being received (its lease ran out: the process stalled). */
export const uploadInterrupted = () =>
  new AppError(
    'unavailable',
    'The upload could not be stored in time and was abandoned; send it again',
    'upload_interrupted',
    undefined,
    { 'Retry-After': '1' },
  );
/** Why a job whose upload the client cut off (closed the connection mid-body) is FAILED. */
export const UPLOAD_ABORTED = {
  code: 'upload_aborted',
  message: 'The client closed the connection before the upload ended; nothing was imported',
} as const;
/** What the route "answers" an upload its client cut off: nobody reads it, but it is no 500. */
export const uploadAborted = () => new AppError('bad_request', UPLOAD_ABORTED.message, UPLOAD_ABORTED.code);
/** A worker found its job claimed by another (its lease ran out): it stops without writing. */
export class LeaseLost extends Error {
  constructor(jobId: string) {
    super(`import ${jobId}: lease lost`);
  }
}
