import { AppError } from '@stockyard/service-kit';

const detail = (field: string, code: string, message: string) => [{ field, code, message }];

export const unsupportedAttachmentType = (contentType: string) =>
  new AppError(
    'unprocessable',
    `An attachment is an image (image/*) or a PDF (application/pdf), not ${contentType}`,
    'unsupported_attachment_type',
    detail('contentType', 'unsupported_attachment_type', 'image/* or application/pdf'),
  );
export const attachmentKeyInvalid = () =>
  new AppError(
    'unprocessable',
    "The key is not one of this order's upload keys (ask POST …/attachments/upload-url for one)",
    'attachment_key_invalid',
    detail('key', 'attachment_key_invalid', "outside the order's prefix"),
  );
export const uploadNotFound = () =>
  new AppError(
    'unprocessable',
    'Nothing was uploaded under this key (or the upload has not finished)',
    'upload_not_found',
    detail('key', 'upload_not_found', 'no object under the key'),
  );
export const attachmentTooLarge = (size: number, max: number) =>
  new AppError(
    'unprocessable',
    `The upload is ${size} bytes; an attachment is at most ${max} bytes (the upload was removed)`,
    'attachment_too_large',
    detail('key', 'attachment_too_large', `at most ${max} bytes`),
  );
export const tooManyAttachments = (max: number) =>
  new AppError('unprocessable', `A purchase order has at most ${max} attachments`, 'too_many_attachments');
export const attachmentNotFound = (id: string) =>
  new AppError('not_found', `Attachment ${id} not found`, 'resource_not_found');
export const supplierEmailMissing = () =>
  new AppError(
    'unprocessable',
    "The supplier has no e-mail address and the request names no 'to'",
    'supplier_email_missing',
    detail('to', 'supplier_email_missing', 'give to, or set the source’s email'),
  );
/** The SMTP server refused or could not be reached: the message is recorded FAILED. */
export const emailDeliveryFailed = (messageId: string, reason: string) =>
  new AppError('bad_gateway', `The e-mail could not be delivered: ${reason}`, 'email_delivery_failed', [
    { field: 'messageId', code: 'email_delivery_failed', message: messageId },
  ]);
