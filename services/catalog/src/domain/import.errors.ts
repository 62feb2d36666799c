import { errors } from './errors';

export const csvHeaderMissing = () =>
  errors.csv_header_missing(
    'The CSV has no header row with a "sku" column (columns: sku,name,cost,availableQuantity,upc)',
  );
export const importTooLarge = (maxBytes: number) =>
  errors.import_too_large(`The feed is larger than ${maxBytes} bytes`);
export const unsupportedImportBody = () =>
  errors.unsupported_content_type('Send the feed as Content-Type: text/csv, or {"url": ...} as application/json');
/** The sweep failed an upload while it was being received (its lease ran out: the process stalled). */
export const uploadInterrupted = () =>
  errors.upload_interrupted('The upload could not be stored in time and was abandoned; send it again', undefined, {
    'Retry-After': '1',
  });
/** Why a job whose upload the client cut off (closed the connection mid-body) is FAILED. */
export const UPLOAD_ABORTED = {
  code: 'upload_aborted',
  message: 'The client closed the connection before the upload ended; nothing was imported',
} as const;
/** What the route "answers" an upload its client cut off: nobody reads it, but it is no 500. */
export const uploadAborted = () => errors.upload_aborted(UPLOAD_ABORTED.message);
/** A worker found its job claimed by another (its lease ran out): it stops without writing. */
export class LeaseLost extends Error {
  constructor(jobId: string) {
    super(`import ${jobId}: lease lost`);
  }
}
